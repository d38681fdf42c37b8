import { and, asc, count, eq } from 'drizzle-orm'
import { sessions, staff, type StaffRole } from '~db/schema'
import type { Database } from '../platform/db.server'
import {
  checkPasswordStrength,
  hashPassword,
  needsRehash,
  OWASP_SCRYPT,
  verifyAgainstDummy,
  verifyPassword,
  type ScryptParams,
} from './password.server'
import type { PasswordProblem } from './password-rules.server'
import { createSession, deleteSessionsOf, hashToken } from './sessions.server'
import { NewStaffSchema } from './staff-forms.server'
import { reserveLoginAttempt, settleLoginSuccess } from './throttle.server'
import { BUSY_RETRY_MS, throughSignInGate, type GateRefusal } from './sign-in-gate.server'
import { endDeskStreams } from '../desk-events/desk-bus.server'
import { twoStepStatus } from './two-step/two-step.server'
import { auditTarget, recordAudit, recordAuditById, type AuditActor } from './audit.server'

function normalizeUsername(username: string): string {
  return username.trim().toLowerCase()
}

export interface Clock {
  now?: Date
  /** Hashing cost; tests use a cheaper one. */
  params?: ScryptParams
}

// --- signing in -------------------------------------------------------------------------------

export type SignInResult =
  | {
      ok: true
      token: string
      staffId: number
      locale: string | null
      /** The account never signed in before. */
      firstSignIn: boolean
      /** The session waits for the sign-in code (app/lib/staff/two-step). */
      twoStep: boolean
    }
  | { ok: false; reason: 'invalid'; retryAt: Date | null }
  | { ok: false; reason: 'throttled'; retryAt: Date }
  /** Too many sign-ins under way from this address or on the server (sign-in-gate.server.ts): nothing was checked. */
  | { ok: false; reason: 'busy'; scope: GateRefusal; retryAt: Date }

export interface SignInInput {
  username: string
  password: string
  address: string
  /** The browser's User-Agent, kept with the session for the member's list of sessions. */
  userAgent?: string | null
}

/**
 * Checks a username and password. Failures are counted per address, per (account, address) and
 * per account (throttle.server.ts); past the free ones, attempts wait for a growing delay, never a
 * lock-out: an address that has not failed for the account is checked at once.
 * An unknown username costs the same hashing work as a known one and gets the same answer.
 * Only a bounded number of sign-ins are checked at once, per address and in all; the others are
 * refused at once.
 */
export async function signIn(db: Database, input: SignInInput, clock: Clock = {}): Promise<SignInResult> {
  const now = clock.now ?? new Date()
  const passed = await throughSignInGate(input.address, () => checkSignIn(db, input, { ...clock, now }))
  if ('done' in passed) return passed.done
  return { ok: false, reason: 'busy', scope: passed.refused, retryAt: new Date(now.getTime() + BUSY_RETRY_MS) }
}

async function checkSignIn(db: Database, input: SignInInput, { now = new Date(), params = OWASP_SCRYPT }: Clock): Promise<SignInResult> {
  const username = normalizeUsername(input.username)
  const keys = { username, address: input.address }
  const reservation = await reserveLoginAttempt(db, keys, now)
  if (!reservation.ok) return { ok: false, reason: 'throttled', retryAt: reservation.retryAt }

  const [account] = username ? await db.select().from(staff).where(eq(staff.username, username)).limit(1) : []
  const passwordOk =
    account && input.password.length <= 1024
      ? await verifyPassword(input.password, account.passwordHash)
      : await verifyAgainstDummy(input.password.slice(0, 1024), params)

  if (!account || !passwordOk || account.disabled) {
    const retryAt = reservation.retryAtIfFailed
    // Only for an existing account: an unknown username may be a password typed in the wrong field.
    if (account) await recordAudit(db, account, 'sign-in-refused', auditTarget.staff(account.id), { disabled: account.disabled })
    return { ok: false, reason: 'invalid', retryAt }
  }
  await settleLoginSuccess(db, keys, reservation)
  const update: Partial<typeof staff.$inferInsert> = { lastLoginAt: now }
  if (needsRehash(account.passwordHash, params)) update.passwordHash = await hashPassword(input.password, params)
  const twoStep = (await twoStepStatus(db, account.id)).on
  const token = await db.transaction(async (tx) => {
    await tx.update(staff).set(update).where(eq(staff.id, account.id))
    // With two-step sign-in, the sign-in is recorded once its code is given.
    if (!twoStep) await recordAudit(tx, account, 'sign-in', auditTarget.staff(account.id))
    return createSession(tx, account.id, now, { pending: twoStep, userAgent: input.userAgent })
  })
  return { ok: true, token, staffId: account.id, locale: account.locale, firstSignIn: account.lastLoginAt === null, twoStep }
}

/** Ends a session and records who signed out (nothing to record when it had ended already). */
export async function signOut(db: Database, token: string): Promise<void> {
  if (!token) return
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
      .returning({ staffId: sessions.staffId })
    if (!ended) return
    await recordAuditById(tx, ended.staffId, 'sign-out', auditTarget.staff(ended.staffId))
    await endDeskStreams(tx, { memberId: ended.staffId, session: hashToken(token), reload: true })
  })
}

// --- accounts ---------------------------------------------------------------------------------

export interface NewStaff {
  username: string
  displayName: string
  role: StaffRole
  password: string
}

export type StaffInputProblem = PasswordProblem | 'usernameInvalid' | 'usernameTaken' | 'displayNameMissing' | 'roleInvalid'

/** The first problem of a new account (NewStaffSchema: username, name, role, then password), or null. */
export function checkNewStaff(input: NewStaff): StaffInputProblem | null {
  const parsed = NewStaffSchema.safeParse(input)
  return parsed.success ? null : (parsed.error.issues[0]!.message as StaffInputProblem)
}

/** Who changes an account, for the audit log (nobody for the command line and the setup link). */
export interface ByWhom {
  actor?: AuditActor
}

export async function createStaff(
  db: Database,
  input: NewStaff,
  { now = new Date(), params = OWASP_SCRYPT, actor }: Clock & ByWhom = {},
): Promise<{ ok: true; id: number } | { ok: false; problem: StaffInputProblem }> {
  const problem = checkNewStaff(input)
  if (problem) return { ok: false, problem }
  const passwordHash = await hashPassword(input.password, params)
  const username = normalizeUsername(input.username)
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(staff)
      .values({
        username,
        displayName: input.displayName.trim(),
        role: input.role,
        passwordHash,
        createdAt: now,
        passwordChangedAt: now,
      })
      .onConflictDoNothing({ target: staff.username })
      .returning({ id: staff.id })
    if (inserted && actor) await recordAudit(tx, actor, 'staff-create', auditTarget.staff(inserted.id), { username, role: input.role })
    return inserted
  })
  if (!row) return { ok: false, problem: 'usernameTaken' }
  return { ok: true, id: row.id }
}

export async function countStaff(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(staff)
  return Number(row?.value ?? 0)
}

export async function listStaff(db: Database) {
  return db
    .select({
      id: staff.id,
      username: staff.username,
      displayName: staff.displayName,
      role: staff.role,
      disabled: staff.disabled,
      createdAt: staff.createdAt,
      lastLoginAt: staff.lastLoginAt,
      email: staff.email,
    })
    .from(staff)
    .orderBy(asc(staff.username))
}

/**
 * Locks the rows of the enabled administrators until the transaction ends and returns their ids.
 * Every change that could leave no administrator takes these locks first, so two such changes at
 * once run one after the other, and the second sees what the first did.
 */
async function lockActiveAdmins(tx: Database): Promise<number[]> {
  const rows = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'admin'), eq(staff.disabled, false)))
    .orderBy(asc(staff.id))
    .for('update')
  return rows.map((row) => row.id)
}

/** The account, its row locked until the transaction ends. */
async function lockAccount(tx: Database, staffId: number) {
  const [account] = await tx
    .select({ username: staff.username, role: staff.role, disabled: staff.disabled })
    .from(staff)
    .where(eq(staff.id, staffId))
    .for('update')
  return account
}

/** Disables or re-enables an account; disabling signs it out everywhere. The last administrator cannot be disabled. */
export async function setStaffDisabled(
  db: Database,
  staffId: number,
  disabled: boolean,
  actor?: AuditActor,
): Promise<{ ok: true } | { ok: false; problem: 'lastAdmin' | 'notFound' }> {
  return db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx)
    const account = await lockAccount(tx, staffId)
    if (!account) return { ok: false as const, problem: 'notFound' as const }
    if (disabled && admins.includes(staffId) && admins.length === 1) return { ok: false as const, problem: 'lastAdmin' as const }
    await tx.update(staff).set({ disabled }).where(eq(staff.id, staffId))
    if (disabled) await deleteSessionsOf(tx, staffId)
    if (actor) {
      await recordAudit(tx, actor, disabled ? 'staff-disable' : 'staff-enable', auditTarget.staff(staffId), { username: account.username })
    }
    return { ok: true as const }
  })
}

export type RoleChangeProblem = 'ownRole' | 'lastAdmin' | 'notFound' | 'same'

/**
 * An administrator gives another account a new role. Never their own, and never so that no
 * enabled administrator is left (checked under the administrators' row locks, so two
 * administrators demoting each other at once cannot both succeed). The account's sessions stay:
 * each request reads the role from the account, so its next page shows the new sections.
 */
export async function setStaffRole(
  db: Database,
  actor: AuditActor,
  staffId: number,
  role: StaffRole,
): Promise<{ ok: true } | { ok: false; problem: RoleChangeProblem }> {
  if (staffId === actor.id) return { ok: false, problem: 'ownRole' }
  return db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx)
    const account = await lockAccount(tx, staffId)
    if (!account) return { ok: false as const, problem: 'notFound' as const }
    if (account.role === role) return { ok: false as const, problem: 'same' as const }
    if (admins.filter((id) => id !== staffId).length === 0) return { ok: false as const, problem: 'lastAdmin' as const }
    await tx.update(staff).set({ role }).where(eq(staff.id, staffId))
    // Its live streams end; the tabs reconnect with the new role's kinds of request.
    await endDeskStreams(tx, { memberId: staffId })
    await recordAudit(tx, actor, 'staff-role', auditTarget.staff(staffId), { username: account.username, from: account.role, to: role })
    return { ok: true as const }
  })
}

/** Sets a new password for an account (an administrator's reset) and signs it out everywhere. */
export async function resetStaffPassword(
  db: Database,
  staffId: number,
  password: string,
  { now = new Date(), params = OWASP_SCRYPT, actor }: Clock & ByWhom = {},
): Promise<{ ok: true } | { ok: false; problem: PasswordProblem | 'notFound' }> {
  const [account] = await db.select({ username: staff.username }).from(staff).where(eq(staff.id, staffId))
  if (!account) return { ok: false, problem: 'notFound' }
  const problem = checkPasswordStrength(password, account.username)
  if (problem) return { ok: false, problem }
  const passwordHash = await hashPassword(password, params)
  await db.transaction(async (tx) => {
    await tx.update(staff).set({ passwordHash, passwordChangedAt: now }).where(eq(staff.id, staffId))
    await deleteSessionsOf(tx, staffId)
    if (actor) await recordAudit(tx, actor, 'staff-password-reset', auditTarget.staff(staffId), { username: account.username })
  })
  return { ok: true }
}
