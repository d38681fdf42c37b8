/**
 * An administrator removes another member's two-step sign-in (a lost phone). The administrator
 * confirms it with a code of their own two-step sign-in, so a session taken over without the phone
 * (a browser left open, a stolen cookie) cannot strip an account's protection; an administrator
 * without two-step sign-in cannot remove one. The code counts on the sign-in throttle like a code at
 * the second step (throttle.server.ts): a wrong one is a failure on the administrator's counters.
 */
import { eq } from 'drizzle-orm'
import { staff } from '~db/schema'
import type { Database } from '../../platform/db.server'
import type { AuditActor } from '../audit.server'
import { reserveLoginAttempt, settleLoginSuccess } from '../throttle.server'
import { checkTwoStep, removeTwoStep, twoStepStatus, type SecretKey } from './two-step.server'

export type FactorRemoval =
  { ok: true } | { ok: false; problem: 'notFound' | 'ownFactorMissing' | 'wrongCode' } | { ok: false; problem: 'throttled'; retryAt: Date }

export async function removeTwoStepWithOwnCode(
  db: Database,
  actor: AuditActor,
  staffId: number,
  typedCode: string,
  { key, address, now = new Date() }: { key: SecretKey; address: string; now?: Date },
): Promise<FactorRemoval> {
  const [account] = await db.select({ username: staff.username }).from(staff).where(eq(staff.id, staffId))
  if (!account) return { ok: false, problem: 'notFound' }
  if (!(await twoStepStatus(db, actor.id)).on) return { ok: false, problem: 'ownFactorMissing' }
  const keys = { username: actor.username, address, secondStep: true }
  const reservation = await reserveLoginAttempt(db, keys, now)
  if (!reservation.ok) return { ok: false, problem: 'throttled', retryAt: reservation.retryAt }
  const checked = await checkTwoStep(db, actor.id, typedCode.slice(0, 40), key, now)
  if (!checked.ok) return { ok: false, problem: 'wrongCode' }
  await settleLoginSuccess(db, keys, reservation)
  return (await removeTwoStep(db, actor, staffId, account.username)) ? { ok: true } : { ok: false, problem: 'notFound' }
}
