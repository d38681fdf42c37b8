import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, lt, or, sql } from 'drizzle-orm'
import { sessions, staff, staffPolicies, staffTwoStep, type StaffRole } from '~db/schema'
import type { Database } from '../platform/db.server'
import { env } from '../platform/env.server'
import { endDeskStreams } from '../desk-events/desk-bus.server'

export const SESSION_IDLE_MS = 30 * 60 * 1000
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000
/** How long the step between the password and the sign-in code may take. */
const PENDING_TWO_STEP_MS = 5 * 60 * 1000
/** lastSeenAt is written at most this often, so browsing does not write on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000
const TOKEN_BYTES = 32

export interface SessionStaff {
  id: number
  username: string
  displayName: string
  role: StaffRole
  /**
   * An administrator requires two-step sign-in for every account and this one has none yet: every
   * staff page and action but the set-up refuses (auth.server.ts).
   */
  needsTwoStep: boolean
}

/** The longest User-Agent kept with a session. */
const USER_AGENT_MAX = 300

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * A new session for a staff member; returns the token for the cookie (only its hash is stored).
 * A session `pending` two-step sign-in opens nothing but the code's page, for a few minutes.
 */
export async function createSession(
  db: Database,
  staffId: number,
  now = new Date(),
  { pending = false, userAgent = null }: { pending?: boolean; userAgent?: string | null } = {},
): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url')
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    staffId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + (pending ? PENDING_TWO_STEP_MS : SESSION_ABSOLUTE_MS)),
    pendingTwoStep: pending,
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
  })
  return token
}

/** The account of a session waiting for its sign-in code, or null (unknown, expired, disabled, or not waiting). */
export async function readPendingSession(db: Database, token: string, now = new Date()): Promise<{ id: number; username: string } | null> {
  if (!token || token.length > 100) return null
  const [row] = await db
    .select({ id: staff.id, username: staff.username, disabled: staff.disabled, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(staff, eq(staff.id, sessions.staffId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.pendingTwoStep, true)))
  if (!row || row.disabled || row.expiresAt.getTime() <= now.getTime()) return null
  return { id: row.id, username: row.username }
}

/** Two-step sign-in was given: the waiting session becomes a full one. False when it was no longer waiting. */
export async function completeTwoStep(db: Database, token: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ pendingTwoStep: false, lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS) })
    .where(and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.pendingTwoStep, true), gt(sessions.expiresAt, now)))
    .returning({ staffId: sessions.staffId })
  return rows.length > 0
}

/**
 * The staff member a session token belongs to, or null when the token is unknown, idle for longer
 * than the idle timeout, past its absolute end, or its account is disabled. Expired sessions are deleted.
 */
export async function readSession(db: Database, token: string, now = new Date()): Promise<SessionStaff | null> {
  if (!token || token.length > 100) return null
  const tokenHash = hashToken(token)
  const [row] = await db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      id: staff.id,
      username: staff.username,
      displayName: staff.displayName,
      role: staff.role,
      disabled: staff.disabled,
      pending: sessions.pendingTwoStep,
      // In the same query: whether every account must have two-step sign-in, and whether this one has.
      required: staffPolicies.enabled,
      factorConfirmedAt: staffTwoStep.confirmedAt,
    })
    .from(sessions)
    .innerJoin(staff, eq(staff.id, sessions.staffId))
    .leftJoin(staffPolicies, eq(staffPolicies.name, REQUIRE_TWO_STEP))
    .leftJoin(staffTwoStep, eq(staffTwoStep.staffId, sessions.staffId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1)
  // Half signed in: the password was right, the sign-in code is still to come.
  if (!row || row.pending) return null
  const expired = row.expiresAt.getTime() <= now.getTime() || now.getTime() - row.lastSeenAt.getTime() >= SESSION_IDLE_MS
  if (expired || row.disabled) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash))
    return null
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash))
  }
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    role: row.role,
    needsTwoStep: row.required === true && !row.factorConfirmedAt,
  }
}

/** The policy's name in staff_policies (policy.server.ts). */
export const REQUIRE_TWO_STEP = 'require-two-factor'

// --- the member's list of sessions -------------------------------------------------------------

export interface SessionListing {
  /** Names the session on the page and in forms: derived from the token's hash, useless to sign in with. */
  id: string
  userAgent: string | null
  createdAt: Date
  lastSeenAt: Date
  current: boolean
}

/** The public name of a session: the first 24 hex digits of the SHA-256 of its token's hash. */
function sessionListingId(tokenHash: string): string {
  return createHash('sha256').update(tokenHash).digest('hex').slice(0, 24)
}

/** A member's signed-in sessions (not those waiting for a code, nor ended ones), the latest used first. */
export async function listSessions(db: Database, staffId: number, currentToken: string, now = new Date()): Promise<SessionListing[]> {
  const currentHash = currentToken ? hashToken(currentToken) : ''
  const rows = await db
    .select({
      tokenHash: sessions.tokenHash,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.staffId, staffId),
        eq(sessions.pendingTwoStep, false),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100)
  return rows.map((row) => ({
    id: sessionListingId(row.tokenHash),
    userAgent: row.userAgent,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    current: row.tokenHash === currentHash,
  }))
}

/**
 * Ends one of a member's sessions by its listing id, with its live streams; returns false when it
 * had ended already. The caller records it in the audit log (in the same transaction).
 */
export async function endListedSession(db: Database, staffId: number, listingId: string): Promise<boolean> {
  if (!/^[0-9a-f]{24}$/.test(listingId)) return false
  const rows = await db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.staffId, staffId))
  const found = rows.find((row) => sessionListingId(row.tokenHash) === listingId)
  if (!found) return false
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.tokenHash, found.tokenHash), eq(sessions.staffId, staffId)))
    .returning({ tokenHash: sessions.tokenHash })
  if (ended.length === 0) return false
  await endDeskStreams(db, { memberId: staffId, session: found.tokenHash, reload: true })
  return true
}

/** Ends every session of a member but the one of `keepToken`, with their live streams; returns how many ended. */
export async function endOtherSessions(db: Database, staffId: number, keepToken: string): Promise<number> {
  const keep = hashToken(keepToken)
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.staffId, staffId), sql`${sessions.tokenHash} <> ${keep}`))
    .returning({ tokenHash: sessions.tokenHash })
  await endDeskStreams(db, { memberId: staffId, except: keep, reload: true })
  return ended.length
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  if (!token) return
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)))
}

/** Signs a staff member out everywhere (after a password reset or when the account is disabled), live streams too; returns how many ended. */
export async function deleteSessionsOf(db: Database, staffId: number): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.staffId, staffId)).returning({ tokenHash: sessions.tokenHash })
  await endDeskStreams(db, { memberId: staffId, reload: true })
  return ended.length
}

/** Removes sessions past their absolute end or idle timeout. */
export async function deleteExpiredSessions(db: Database, now = new Date()): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))))
}

// --- the cookie -------------------------------------------------------------------------------

/** HTTPS when the request came over it (behind a trusted proxy, the forwarded protocol) or PUBLIC_URL is https. */
export function isSecureRequest(request: Request): boolean {
  if (new URL(request.url).protocol === 'https:') return true
  try {
    return env().PUBLIC_URL.startsWith('https:')
  } catch {
    return false
  }
}

/** `__Host-` needs Secure, Path=/ and no Domain: the cookie cannot be set by a subdomain or over HTTP. */
function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-staff_session' : 'staff_session'
}

function cookieAttributes(secure: boolean, maxAgeSeconds: number): string {
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`
}

export function sessionCookie(request: Request, token: string): string {
  const secure = isSecureRequest(request)
  return `${sessionCookieName(secure)}=${token}; ${cookieAttributes(secure, SESSION_ABSOLUTE_MS / 1000)}`
}

export function clearSessionCookie(request: Request): string {
  const secure = isSecureRequest(request)
  return `${sessionCookieName(secure)}=; ${cookieAttributes(secure, 0)}`
}

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('cookie')
  if (!header) return null
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index < 0) continue
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim())
      } catch {
        return null
      }
    }
  }
  return null
}

export function sessionToken(request: Request): string | null {
  return readCookie(request, sessionCookieName(isSecureRequest(request)))
}
