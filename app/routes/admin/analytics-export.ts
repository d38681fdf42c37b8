import type { Route } from './+types/analytics-export'
import { exportSiteAnalytics } from './site-analytics.server'

/** CSV of the site analytics' daily counts (every stored day). */
export async function loader({ request }: Route.LoaderArgs) {
  return exportSiteAnalytics(request)
}
