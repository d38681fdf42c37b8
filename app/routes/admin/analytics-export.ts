import type { Route } from './+types/analytics-export'
import { staffMiddleware } from '~/lib/staff/staff-context.server'
import { exportSiteAnalytics } from './+shared/site-analytics.server'

/** A download: without a session 401, never a redirect. */
export const middleware: Route.MiddlewareFunction[] = [staffMiddleware({ dataOnly: true })]

/** CSV of the site analytics' daily counts (every stored day). */
export async function loader({ context }: Route.LoaderArgs) {
  return exportSiteAnalytics(context)
}
