import { data } from 'react-router'
import type { Route } from './+types/not-found'
import { STAFF_ROLES } from '~/lib/staff/auth.server'
import { requireRole } from '~/lib/staff/staff-context.server'

/** An unknown /admin/... address: the login page without a session, a 404 inside the shell with one. */
export async function adminNotFoundLoader({ context }: Route.LoaderArgs) {
  requireRole(context, STAFF_ROLES)
  throw data({ error: 'Not found.' }, { status: 404 })
}
