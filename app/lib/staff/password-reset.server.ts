/**
 * "Forgot password": a single-use link by e-mail, valid for 30 minutes. The link holds a random
 * token; the table only its SHA-256. Asking answers the same whether the account exists or not
 * (the route says "if the account has an address, a link is on its way" either way) and is
 * rate-limited per client address, per name or address typed and per account, each counter one
 * atomic statement (so a burst of simultaneous asks cannot get past it). Setting the new password
 * follows the usual rules, uses the link up (and every other link of the account), and signs the
 * account out everywhere, live desk streams too. Two-step sign-in is not touched: it is still
 * asked at the next sign-in.
 */
import { randomBytes } from 'node:crypto'
import { and, eq, gt, lt } from 'drizzle-orm'
import { passwordResets, staff } from '~db/schema'
import type { Database } from '../platform/db.server'
import { hitRateLimit } from '../platform/rate-limit.server'
import { recordAuditById } from './audit.server'
import { checkPasswordStrength, hashPassword, OWASP_SCRYPT } from './password.server'
import type { PasswordProblem } from './password-rules.server'
import { deleteSessionsOf, hashToken } from './sessions.server'
import type { Clock } from './staff.server'

export const RESET_TTL_MS = 30 * 60 * 1000
const RESET_WINDOW_SECONDS = 60 * 60
/** Asks per hour: from one client address, for one name or address typed, for one account. */
export const RESET_LIMITS = { address: 10, identifier: 5, account: 3 } as const

export interface ResetAsk {
  /** The username or e-mail address typed. */
  identifier: string
  /** The client's address. */
  address: string
}

/** What the e-mail needs: where it goes, the token for its link and the account's language. */
export interface ResetMail {
  staffId: number
  username: string
  email: string
  token: string
  locale: string | null
}

/**
 * Issues a reset link when the name or address is of an enabled account with an e-mail address and
 * no limit is reached; otherwise null. The caller answers the same either way.
 */
export async function requestPasswordReset(db: Database, ask: ResetAsk, now = new Date()): Promise<ResetMail | null> {
  const identifier = ask.identifier.trim().toLowerCase().slice(0, 254)
  const limit = (bucket: keyof typeof RESET_LIMITS, key: string) =>
    hitRateLimit(db, { bucket: `password-reset-${bucket}`, key, limit: RESET_LIMITS[bucket], windowSeconds: RESET_WINDOW_SECONDS, now })
  if (!(await limit('address', ask.address)).allowed) return null
  if (!identifier || !(await limit('identifier', identifier)).allowed) return null
  const column = identifier.includes('@') ? staff.email : staff.username
  const [account] = await db
    .select({ id: staff.id, username: staff.username, email: staff.email, disabled: staff.disabled, locale: staff.locale })
    .from(staff)
    .where(eq(column, identifier))
    .limit(1)
  if (!account?.email || account.disabled) return null
  if (!(await limit('account', String(account.id))).allowed) return null
  const token = randomBytes(32).toString('base64url')
  await db.insert(passwordResets).values({
    tokenHash: hashToken(token),
    staffId: account.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TTL_MS),
  })
  return { staffId: account.id, username: account.username, email: account.email, token, locale: account.locale }
}

/** The account a link is for, while the link is unused, unexpired and the account enabled; otherwise null. */
export async function readResetToken(db: Database, token: string, now = new Date()): Promise<{ staffId: number; username: string } | null> {
  if (!token || token.length > 100) return null
  const [row] = await db
    .select({ staffId: staff.id, username: staff.username, disabled: staff.disabled })
    .from(passwordResets)
    .innerJoin(staff, eq(staff.id, passwordResets.staffId))
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), gt(passwordResets.expiresAt, now)))
  if (!row || row.disabled) return null
  return { staffId: row.staffId, username: row.username }
}

export type ResetProblem = PasswordProblem | 'invalidLink'

/**
 * Sets the new password with a link. The link is checked first, then the password's rules (a weak
 * password does not use the link up), then, in one transaction, the link is taken (a delete that
 * only one of two simultaneous uses can win), the password stored, the account's other links
 * deleted and every session signed out.
 */
export async function completePasswordReset(
  db: Database,
  token: string,
  password: string,
  { now = new Date(), params = OWASP_SCRYPT }: Clock = {},
): Promise<{ ok: true; staffId: number } | { ok: false; problem: ResetProblem }> {
  const account = await readResetToken(db, token, now)
  if (!account) return { ok: false, problem: 'invalidLink' }
  const problem = checkPasswordStrength(password, account.username)
  if (problem) return { ok: false, problem }
  const passwordHash = await hashPassword(password, params)
  const done = await db.transaction(async (tx) => {
    const taken = await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), gt(passwordResets.expiresAt, now)))
      .returning({ staffId: passwordResets.staffId })
    if (taken.length === 0) return false
    await tx.update(staff).set({ passwordHash, passwordChangedAt: now }).where(eq(staff.id, account.staffId))
    await tx.delete(passwordResets).where(eq(passwordResets.staffId, account.staffId))
    const ended = await deleteSessionsOf(tx, account.staffId)
    await recordAuditById(tx, account.staffId, 'password-reset-by-email', `staff:${account.staffId}`, { sessionsEnded: ended })
    return true
  })
  return done ? { ok: true, staffId: account.staffId } : { ok: false, problem: 'invalidLink' }
}

/** Removes links past their end (the maintenance sweep). */
export async function deleteExpiredResets(db: Database, now = new Date()): Promise<void> {
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, now))
}
