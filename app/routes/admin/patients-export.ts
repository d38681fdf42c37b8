import type { Route } from './+types/patients-export'
import { staffMiddleware } from '~/lib/staff/staff-context.server'
import { exportRequestsCsv } from './+shared/requests.server'

/** A download: without a session 401, never a redirect. */
export const middleware: Route.MiddlewareFunction[] = [staffMiddleware({ dataOnly: true })]

/** CSV of the appointments matching the list's current search and status filter. */
export async function loader(args: Route.LoaderArgs) {
  return exportRequestsCsv(args, 'appointments')
}
