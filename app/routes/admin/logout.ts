import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { database } from '~/lib/platform/db.server'
import { assertSameOrigin } from '~/lib/platform/origin.server'
import { unlessDatabaseUnavailable } from '~/lib/platform/unavailable.server'
import { clearSessionCookie, sessionToken } from '~/lib/staff/sessions.server'
import { signOut } from '~/lib/staff/staff.server'

/** Signs out: the session is deleted on the server and the cookie cleared. */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request)
  const token = sessionToken(request)
  if (token) await unlessDatabaseUnavailable(database().then((db) => signOut(db, token)))
  return redirect('/admin/login', { headers: { 'Set-Cookie': clearSessionCookie(request), 'Cache-Control': 'no-store' } })
}

/** Signing out is a POST; a GET (a link, a prefetch) changes nothing. */
export function loader() {
  return redirect('/admin/login')
}
