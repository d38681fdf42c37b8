/**
 * A staff member's two-step sign-in: turning it on (a secret, confirmed by a first code, then ten
 * recovery codes shown once), checking a code at sign-in (an authenticator code or a recovery
 * code, each accepted once), and taking it off (oneself, or an administrator for a lost phone).
 * Every change is in the audit log.
 */
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import { staffRecoveryCodes, staffTwoStep } from '~db/schema'
import type { Database } from '../../platform/db.server'
import { auditTarget, recordAudit, type AuditActor } from '../audit.server'
import { endOtherSessions } from '../sessions.server'
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from './recovery-codes.server'
import { openSecret, sealSecret } from './secret-box.server'
import { checkCode, newTotpSecret } from './totp.server'

/** The key the secrets are sealed with (STAFF_SECRET_KEY), or null: stored as they are. */
export type SecretKey = Buffer | null

/** Whether the account has a confirmed two-step sign-in, and how many recovery codes are left. */
export async function twoStepStatus(db: Database, staffId: number): Promise<{ on: boolean; recoveryCodesLeft: number }> {
  const [row] = await db.select({ confirmedAt: staffTwoStep.confirmedAt }).from(staffTwoStep).where(eq(staffTwoStep.staffId, staffId))
  if (!row?.confirmedAt) return { on: false, recoveryCodesLeft: 0 }
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)))
  return { on: true, recoveryCodesLeft: Number(left?.n ?? 0) }
}

/** The accounts with a confirmed two-step sign-in (for the Staff screen). */
export async function accountsWithTwoStep(db: Database): Promise<number[]> {
  const rows = await db.select({ staffId: staffTwoStep.staffId }).from(staffTwoStep).where(isNotNull(staffTwoStep.confirmedAt))
  return rows.map((row) => row.staffId)
}

/**
 * Starts turning two-step sign-in on: a new secret, stored unconfirmed (replacing an earlier
 * unconfirmed one). Refused while a confirmed one exists: it is taken off first.
 */
export async function startEnrollment(db: Database, staffId: number, key: SecretKey): Promise<string | null> {
  const secret = newTotpSecret()
  const sealed = sealSecret(secret, key)
  const rows = await db
    .insert(staffTwoStep)
    .values({ staffId, secret: sealed })
    .onConflictDoUpdate({
      target: staffTwoStep.staffId,
      set: { secret: sealed, createdAt: sql`now()`, lastUsedStep: 0 },
      setWhere: isNull(staffTwoStep.confirmedAt),
    })
    .returning({ staffId: staffTwoStep.staffId })
  return rows.length > 0 ? secret : null
}

/** The secret of an enrollment not yet confirmed (to show it again), or null. */
export async function pendingSecret(db: Database, staffId: number, key: SecretKey): Promise<string | null> {
  const [row] = await db
    .select({ secret: staffTwoStep.secret })
    .from(staffTwoStep)
    .where(and(eq(staffTwoStep.staffId, staffId), isNull(staffTwoStep.confirmedAt)))
  return row ? openSecret(row.secret, key) : null
}

export type ConfirmProblem = 'notStarted' | 'wrong'

/**
 * Confirms the enrollment with a first code; returns the recovery codes to show once. With
 * `endOtherSessions` (the session to keep), every other session of the account ends in the same
 * transaction, live streams too: a password that was stolen before opens nothing any more.
 */
export async function confirmEnrollment(
  db: Database,
  actor: AuditActor,
  code: string,
  key: SecretKey,
  now = new Date(),
  { endOtherSessions: keepToken }: { endOtherSessions?: string } = {},
): Promise<{ ok: true; recoveryCodes: string[]; otherSessionsEnded: number } | { ok: false; problem: ConfirmProblem }> {
  const secret = await pendingSecret(db, actor.id, key)
  if (!secret) return { ok: false, problem: 'notStarted' }
  const checked = checkCode(secret, code, 0, now)
  if (!checked.ok) return { ok: false, problem: 'wrong' }
  const recoveryCodes = newRecoveryCodes()
  const confirmed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(staffTwoStep)
      .set({ confirmedAt: now, lastUsedStep: checked.step })
      .where(and(eq(staffTwoStep.staffId, actor.id), isNull(staffTwoStep.confirmedAt)))
      .returning({ staffId: staffTwoStep.staffId })
    if (rows.length === 0) return false as const
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, actor.id))
    await tx.insert(staffRecoveryCodes).values(recoveryCodes.map((c) => ({ staffId: actor.id, codeHash: hashRecoveryCode(c) })))
    await recordAudit(tx, actor, 'two-factor-on', auditTarget.staff(actor.id))
    if (keepToken === undefined) return 0
    const ended = await endOtherSessions(tx, actor.id, keepToken)
    await recordAudit(tx, actor, 'sessions-end-others', auditTarget.staff(actor.id), { ended })
    return ended
  })
  return confirmed === false ? { ok: false, problem: 'notStarted' } : { ok: true, recoveryCodes, otherSessionsEnded: confirmed }
}

export type TwoStepCheck = { ok: true; usedRecoveryCode: boolean } | { ok: false; reason: 'wrong' | 'reused' | 'notOn' }

/**
 * Checks the code typed at sign-in: a six-digit code of the app (once per time step, stored
 * atomically: of two requests with the same code only one passes) or an unused recovery code
 * (marked used in the same statement that finds it).
 */
export async function checkTwoStep(db: Database, staffId: number, typed: string, key: SecretKey, now = new Date()): Promise<TwoStepCheck> {
  const [row] = await db
    .select({ secret: staffTwoStep.secret, lastUsedStep: staffTwoStep.lastUsedStep, confirmedAt: staffTwoStep.confirmedAt })
    .from(staffTwoStep)
    .where(eq(staffTwoStep.staffId, staffId))
  if (!row?.confirmedAt) return { ok: false, reason: 'notOn' }
  if (looksLikeRecoveryCode(typed)) {
    const used = await db
      .update(staffRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffRecoveryCodes.staffId, staffId),
          eq(staffRecoveryCodes.codeHash, hashRecoveryCode(typed)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id })
    return used.length > 0 ? { ok: true, usedRecoveryCode: true } : { ok: false, reason: 'wrong' }
  }
  const checked = checkCode(openSecret(row.secret, key), typed, row.lastUsedStep, now)
  if (!checked.ok) return checked
  const stored = await db
    .update(staffTwoStep)
    .set({ lastUsedStep: checked.step })
    .where(and(eq(staffTwoStep.staffId, staffId), lt(staffTwoStep.lastUsedStep, checked.step)))
    .returning({ staffId: staffTwoStep.staffId })
  return stored.length > 0 ? { ok: true, usedRecoveryCode: false } : { ok: false, reason: 'reused' }
}

/**
 * Takes two-step sign-in off an account, with its recovery codes: one's own, or an
 * administrator's action for someone who lost their phone. False when there was none.
 */
export async function removeTwoStep(db: Database, actor: AuditActor, staffId: number, username: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(staffTwoStep).where(eq(staffTwoStep.staffId, staffId)).returning({ staffId: staffTwoStep.staffId })
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId))
    if (removed.length === 0) return false
    await recordAudit(tx, actor, actor.id === staffId ? 'two-factor-off' : 'two-factor-remove', auditTarget.staff(staffId), { username })
    return true
  })
}
