/**
 * A staff member's own account: changing their password. A wrong current password counts as a
 * failed sign-in for the account from that address (throttle.server.ts), so this form cannot be
 * used to guess a password faster than the login page allows.
 */
import { and, eq, ne } from 'drizzle-orm'
import { sessions, staff } from '~db/schema'
import type { Database } from '../platform/db.server'
import { auditTarget, recordAudit, type AuditActor } from './audit.server'
import { checkPasswordStrength, hashPassword, OWASP_SCRYPT, verifyPassword } from './password.server'
import type { PasswordProblem } from './password-rules.server'
import { endDeskStreams } from '../desk-events/desk-bus.server'
import { hashToken } from './sessions.server'
import type { Clock } from './staff.server'
import { reserveLoginAttempt, settleLoginSuccess } from './throttle.server'

export type PasswordChangeProblem = PasswordProblem | 'wrongCurrent' | 'throttled' | 'same' | 'notFound'

export interface PasswordChange {
  member: AuditActor
  /** The session that asks: it stays signed in, the member's other sessions end. */
  sessionToken: string
  current: string
  next: string
  address: string
}

/** Checks the current password, then stores the new one, signs out the member's other sessions and records it. */
export async function changeOwnPassword(
  db: Database,
  change: PasswordChange,
  { now = new Date(), params = OWASP_SCRYPT }: Clock = {},
): Promise<{ ok: true } | { ok: false; problem: PasswordChangeProblem; retryAt?: Date | null }> {
  const [account] = await db
    .select({ username: staff.username, passwordHash: staff.passwordHash })
    .from(staff)
    .where(eq(staff.id, change.member.id))
  if (!account) return { ok: false, problem: 'notFound' }
  const keys = { username: account.username, address: change.address }
  const reservation = await reserveLoginAttempt(db, keys, now)
  if (!reservation.ok) return { ok: false, problem: 'throttled', retryAt: reservation.retryAt }
  const currentOk = change.current.length <= 1024 && (await verifyPassword(change.current, account.passwordHash))
  if (!currentOk) return { ok: false, problem: 'wrongCurrent', retryAt: reservation.retryAtIfFailed }
  await settleLoginSuccess(db, keys, reservation)
  if (change.next === change.current) return { ok: false, problem: 'same' }
  const problem = checkPasswordStrength(change.next, account.username)
  if (problem) return { ok: false, problem }
  const passwordHash = await hashPassword(change.next, params)
  await db.transaction(async (tx) => {
    await tx.update(staff).set({ passwordHash, passwordChangedAt: now }).where(eq(staff.id, change.member.id))
    await tx.delete(sessions).where(and(eq(sessions.staffId, change.member.id), ne(sessions.tokenHash, hashToken(change.sessionToken))))
    await endDeskStreams(tx, { memberId: change.member.id, except: hashToken(change.sessionToken), reload: true })
    await recordAudit(tx, change.member, 'password-change', auditTarget.staff(change.member.id))
  })
  return { ok: true }
}
