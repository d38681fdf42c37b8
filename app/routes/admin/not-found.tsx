import type { Route } from './+types/not-found'
import { adminNotFoundLoader } from './not-found.server'
import { AdminRouteError } from '~/components/admin/route-error'

/** An unknown /admin/... address: the login page without a session, a 404 inside the shell with one. */
export const loader = (args: Route.LoaderArgs) => adminNotFoundLoader(args)

export default function AdminNotFound() {
  return null
}

export const ErrorBoundary = AdminRouteError
