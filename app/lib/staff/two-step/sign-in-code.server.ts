/**
 * The second step of signing in: the code typed after a right password, for a session waiting for
 * it. Each code (of the app or a recovery code) is counted as a failure before it is checked, under
 * the sign-in throttle's row locks, on the address's, the pair's and the account's counters and on
 * the account's second-step counter (throttle.server.ts): past five wrong codes the next waits
 * 30 s, doubling to 15 minutes, from whatever address, and a right password does not clear it.
 * A right code clears it.
 *
 * Every wrong code is in the audit log. When more than ten were typed for one account within an
 * hour, the log gets a `two-factor-alert` entry and the answer says whom to warn: the account's
 * owner, by e-mail (the route sends it through app/lib/mail). At most one alert per account an hour.
 */
import { and, eq, gt, sql } from 'drizzle-orm'
import { auditLog, loginFailures, staff } from '~db/schema'
import type { Database } from '../../platform/db.server'
import { auditTarget, recordAudit, type AuditActor } from '../audit.server'
import { completeTwoStep, readPendingSession } from '../sessions.server'
import { reserveLoginAttempt, settleLoginSuccess, throttleKeyHash } from '../throttle.server'
import { looksLikeRecoveryCode } from './recovery-codes.server'
import { checkTwoStep, type SecretKey } from './two-step.server'

/** More wrong codes than this for one account within ALERT_WINDOW_MS warn its owner. */
export const ALERT_AFTER_WRONG_CODES = 10
const ALERT_WINDOW_MS = 60 * 60 * 1000

/** Whom to warn about many wrong codes: the account's owner, at the account's address if it has one. */
interface WrongCodesAlert {
  username: string
  /** The account's e-mail address, or null: then the audit log alone says it. */
  email: string | null
  locale: string | null
}

export type SignInCodeResult =
  | { ok: true; member: AuditActor; usedRecoveryCode: boolean }
  /** No session waiting for a code (unknown, ended, or its five minutes are over). */
  | { ok: false; reason: 'expired' }
  /** Not checked: too many wrong codes (or sign-ins) before it. */
  | { ok: false; reason: 'throttled'; retryAt: Date }
  | { ok: false; reason: 'wrong' | 'reused'; retryAt: Date | null; alert: WrongCodesAlert | null }

export interface SignInCodeInput {
  /** The session cookie's token. */
  token: string
  code: string
  /** The client address the server trusts. */
  address: string
}

/** Checks a code at the second step; on success the waiting session becomes a full one. */
export async function verifySignInCode(
  db: Database,
  input: SignInCodeInput,
  { key, now = new Date() }: { key: SecretKey; now?: Date },
): Promise<SignInCodeResult> {
  const pending = await readPendingSession(db, input.token, now)
  if (!pending) return { ok: false, reason: 'expired' }
  const keys = { username: pending.username, address: input.address, secondStep: true }
  const reservation = await reserveLoginAttempt(db, keys, now)
  if (!reservation.ok) return { ok: false, reason: 'throttled', retryAt: reservation.retryAt }
  const code = input.code.slice(0, 40)
  const checked = await checkTwoStep(db, pending.id, code, key, now)
  if (!checked.ok) {
    const alert = await recordWrongCode(db, pending, looksLikeRecoveryCode(code), now)
    return { ok: false, reason: checked.reason === 'reused' ? 'reused' : 'wrong', retryAt: reservation.retryAtIfFailed, alert }
  }
  await settleLoginSuccess(db, keys, reservation)
  const completed = await db.transaction(async (tx) => {
    if (!(await completeTwoStep(tx, input.token, now))) return false
    await recordAudit(tx, pending, 'sign-in', auditTarget.staff(pending.id), { recoveryCode: checked.usedRecoveryCode }, now)
    return true
  })
  if (!completed) return { ok: false, reason: 'expired' }
  return { ok: true, member: pending, usedRecoveryCode: checked.usedRecoveryCode }
}

/**
 * Writes the wrong code in the audit log and, past ALERT_AFTER_WRONG_CODES within the hour with no
 * alert yet, the alert. The account's second-step counter is locked first, so simultaneous wrong
 * codes are written one after the other and only one of them raises the alert.
 */
async function recordWrongCode(db: Database, member: AuditActor, recoveryCode: boolean, now: Date): Promise<WrongCodesAlert | null> {
  return db.transaction(async (tx) => {
    await tx
      .select({ failures: loginFailures.failures })
      .from(loginFailures)
      .where(and(eq(loginFailures.scope, 'second-step'), eq(loginFailures.keyHash, throttleKeyHash('second-step', member.username))))
      .for('update')
    await recordAudit(tx, member, 'sign-in-refused', auditTarget.staff(member.id), { step: 'code', recoveryCode }, now)
    const since = new Date(now.getTime() - ALERT_WINDOW_MS)
    const inWindow = and(eq(auditLog.staffId, member.id), gt(auditLog.at, since), sql`${auditLog.at} <= ${now.toISOString()}::timestamptz`)
    const [wrong] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(inWindow, eq(auditLog.action, 'sign-in-refused'), sql`${auditLog.details}->>'step' = 'code'`))
    const count = Number(wrong?.n ?? 0)
    if (count <= ALERT_AFTER_WRONG_CODES) return null
    const [alerted] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(inWindow, eq(auditLog.action, 'two-factor-alert')))
      .limit(1)
    if (alerted) return null
    const [owner] = await tx.select({ email: staff.email, locale: staff.locale }).from(staff).where(eq(staff.id, member.id))
    await recordAudit(
      tx,
      member,
      'two-factor-alert',
      auditTarget.staff(member.id),
      { wrongCodes: count, ownerHasEmail: Boolean(owner?.email) },
      now,
    )
    return { username: member.username, email: owner?.email ?? null, locale: owner?.locale ?? null }
  })
}
