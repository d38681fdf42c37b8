import { data } from 'react-router'
import type { Route } from './+types/not-found'
import { requireStaff } from '~/lib/staff/auth.server'

/** An unknown /admin/... address: the login page without a session, a 404 inside the shell with one. */
export async function adminNotFoundLoader({ request }: Route.LoaderArgs) {
  await requireStaff(request)
  throw data({ error: 'Not found.' }, { status: 404 })
}
