import { data } from 'react-router'
import type { Route } from './+types/not-found'
import { AdminRouteError } from '~/components/admin/route-error'
import { requireStaff } from '~/lib/staff/auth.server'

/** An unknown /admin/... address: the login page without a session, a 404 inside the shell with one. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request)
  throw data({ error: 'Not found.' }, { status: 404 })
}

export default function AdminNotFound() {
  return null
}

export const ErrorBoundary = AdminRouteError
