import { data, redirect } from 'react-router'
import { STAFF_ROLES, type StaffRole } from '~db/schema'
import { pagePathOf } from '../platform/data-requests'
import { database } from '../platform/db.server'
import { readSession, sessionToken, type SessionStaff } from './sessions.server'
import { unlessDatabaseUnavailable } from '../platform/unavailable.server'

export type { StaffRole } from '~db/schema'
export { STAFF_ROLES }

/** The signed-in staff member, as the staff context holds them (staff-context.server.ts). */
export type StaffMember = SessionStaff

const NO_STORE = { 'Cache-Control': 'no-store' }

/**
 * Whether the request is a page load (a browser navigation) rather than a data request made by
 * the running app (React Router's single-fetch `.data` requests, fetch calls, downloads by script).
 * Page loads are sent to the login page; data requests get a 401/403 with no data.
 */
function isDocumentRequest(request: Request): boolean {
  const mode = request.headers.get('sec-fetch-mode')
  if (mode) return mode === 'navigate'
  return (request.headers.get('accept') ?? '').includes('text/html')
}

/** The login page, remembering where to come back to (the path only: never a search with patient data). */
function loginPath(request: Request): string {
  const { pathname } = new URL(request.url)
  const back = pagePathOf(pathname).replace(/(.)\/$/, '$1')
  if (!back.startsWith('/admin') || back === '/admin/login' || back === '/admin/logout') return '/admin/login'
  return `/admin/login?redirectTo=${encodeURIComponent(back)}`
}

/**
 * The signed-in staff member, or null. Never throws for a missing or expired session; while the
 * database cannot be reached it throws a 503 answer, so every admin page says so.
 */
export async function getOptionalStaff(request: Request): Promise<StaffMember | null> {
  const token = sessionToken(request)
  if (!token) return null
  return unlessDatabaseUnavailable(database().then((db) => readSession(db, token)))
}

interface GuardOptions {
  /** Always answer 401 instead of redirecting page loads (for downloads such as the CSV export). */
  dataOnly?: boolean
  /**
   * Open to an account that must still set up its two-step sign-in (the shell and the set-up page).
   * Every other guard refuses such an account (see SessionStaff.needsTwoStep).
   */
  duringTwoStepSetup?: boolean
}

/** Where an account sets up its two-step sign-in; the only page open while an administrator requires one and it has none. */
export const TWO_STEP_SETUP_PATH = '/admin/account/two-step'

/**
 * The signed-in staff member (the staff middleware's check, once per request). Without a valid
 * session a page load is redirected to /admin/login and any other request is answered 401; either
 * way no data is returned. An account that must set up two-step sign-in first is sent to its set-up
 * (a data-only request gets 403).
 */
export async function requireStaff(request: Request, options: GuardOptions = {}): Promise<StaffMember> {
  const member = await getOptionalStaff(request)
  if (member?.needsTwoStep && !options.duringTwoStepSetup) {
    // Two-step sign-in is required for every account and this one has none: nothing but the set-up.
    if (options.dataOnly) throw data({ error: 'Set up two-step sign-in first.' }, { status: 403, headers: NO_STORE })
    throw redirect(TWO_STEP_SETUP_PATH, { headers: NO_STORE })
  }
  if (member) return member
  if (!options.dataOnly && isDocumentRequest(request)) {
    throw redirect(loginPath(request), { headers: NO_STORE })
  }
  throw data({ error: 'Sign in required.' }, { status: 401, headers: NO_STORE })
}

/** True when the role may use something open to `roles`; administrators may use everything. */
export function roleAllows(role: StaffRole, roles: StaffRole | readonly StaffRole[]): boolean {
  const allowed: readonly StaffRole[] = typeof roles === 'string' ? [roles] : roles
  return role === 'admin' || allowed.includes(role)
}
