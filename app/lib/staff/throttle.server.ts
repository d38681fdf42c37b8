/**
 * The sign-in throttle. Failed sign-ins are counted per address, per (account, address) and per
 * account, each under a SHA-256 of its key. A count past its free failures delays the next
 * attempt that the counter applies to; nothing ever locks an account: whoever signs in from an
 * address that has not failed for that account is checked at once, however many addresses are
 * guessing its password (a lock-out would hand anyone the power to keep staff out).
 *
 * A code at the second step counts on those three and on a fourth, the account's second-step
 * counter: it holds every address back (only someone with the password gets there) and survives a
 * right password, so neither fresh addresses nor a fresh sign-in buy more guesses.
 *
 * An attempt is counted as a failure before its password is checked, in the same transaction that
 * checks the delay under the counters' row locks (`reserveLoginAttempt`): simultaneous attempts
 * are checked one after the other, each seeing those before it, so a burst gets no more checks
 * than the free ones. A successful sign-in then takes its count back (`settleLoginSuccess`). The
 * delay is worked out from the count and the time of the latest failure when it is read.
 */
import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { loginFailures } from '~db/schema'
import type { Database } from '../platform/db.server'

type ThrottleScope = 'address' | 'account-address' | 'account' | 'second-step'

export interface DelayRule {
  /** Failures allowed before a delay applies. */
  free: number
  /** The first delay; each further failure doubles it, up to `maxMs`. */
  firstMs: number
  maxMs: number
}

/** One (account, address) pair: a person mistyping, or one machine guessing one password. */
export const PAIR_RULE: DelayRule = { free: 5, firstMs: 30 * 1000, maxMs: 15 * 60 * 1000 }
/** One address, whatever the username: one machine guessing many accounts (or an office sharing an address). */
export const ADDRESS_RULE: DelayRule = { free: 10, firstMs: 30 * 1000, maxMs: 15 * 60 * 1000 }
/**
 * One account from everywhere: many machines guessing one password. It only slows addresses that
 * have failed for this account themselves, and by at most a minute per attempt.
 */
export const ACCOUNT_RULE: DelayRule = { free: 20, firstMs: 30 * 1000, maxMs: 60 * 1000 }

/**
 * Wrong codes at the second step, per account from everywhere (authenticator and recovery codes
 * alike). Only someone who knows the password gets this far, so this counter slows every address,
 * and a right password does not clear it: only a right code does, or a day without a wrong one.
 */
export const SECOND_STEP_RULE: DelayRule = { free: 5, firstMs: 30 * 1000, maxMs: 15 * 60 * 1000 }

const RULES: Record<ThrottleScope, DelayRule> = {
  address: ADDRESS_RULE,
  'account-address': PAIR_RULE,
  account: ACCOUNT_RULE,
  'second-step': SECOND_STEP_RULE,
}

export const FIRST_DELAY_MS = PAIR_RULE.firstMs
/** A counter with no failure for this long starts again from zero (and may be swept). */
export const FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000

export interface ThrottleKeys {
  username: string
  address: string
  /** A code at the second step: the account's second-step counter applies too. */
  secondStep?: boolean
}

function keyHash(scope: ThrottleScope, value: string): string {
  return createHash('sha256').update(`login-${scope}:${value}`).digest('hex')
}

/** The stored key of an account's second-step counter (to lock it while a wrong code is written down). */
export function throttleKeyHash(scope: 'second-step', username: string): string {
  return keyHash(scope, username.trim().toLowerCase())
}

function keysOf({ username, address, secondStep }: ThrottleKeys): Array<{ scope: ThrottleScope; keyHash: string }> {
  const account = username.trim().toLowerCase()
  const keys: Array<{ scope: ThrottleScope; keyHash: string }> = [
    { scope: 'address', keyHash: keyHash('address', address) },
    { scope: 'account-address', keyHash: keyHash('account-address', JSON.stringify([account, address])) },
    { scope: 'account', keyHash: keyHash('account', account) },
  ]
  if (secondStep) keys.push({ scope: 'second-step', keyHash: throttleKeyHash('second-step', account) })
  return keys
}

/** The delay after the given number of failures: none up to the free ones, then doubling to the ceiling. */
export function delayAfter(failures: number, rule: DelayRule = PAIR_RULE): number {
  if (failures < rule.free) return 0
  return Math.min(rule.firstMs * 2 ** Math.min(failures - rule.free, 30), rule.maxMs)
}

interface Counter {
  scope: string
  failures: number
  lastFailureAt: Date
}

/** The latest end of the delays these counters impose on one attempt, or null when none. */
function retryAtOf(counters: readonly Counter[], now: Date): Date | null {
  const forgetBefore = now.getTime() - FAILURE_MEMORY_MS
  const current = counters.filter((counter) => counter.failures > 0 && counter.lastFailureAt.getTime() >= forgetBefore)
  // The account-wide count never holds back an address that has not failed for the account.
  const pairFailed = current.some((counter) => counter.scope === 'account-address')
  let latest: number | null = null
  for (const counter of current) {
    if (counter.scope === 'account' && !pairFailed) continue
    const rule = RULES[counter.scope as ThrottleScope]
    if (!rule) continue
    const delay = delayAfter(counter.failures, rule)
    if (delay === 0) continue
    const until = counter.lastFailureAt.getTime() + delay
    if (until > now.getTime() && (latest === null || until > latest)) latest = until
  }
  return latest === null ? null : new Date(latest)
}

const keyList = (keys: ThrottleKeys) =>
  sql.join(
    keysOf(keys).map((key) => sql`(${key.scope}, ${key.keyHash})`),
    sql`, `,
  )

/** When the next attempt for this username from this address may be checked, or null when now. */
export async function loginBlockedUntil(db: Database, keys: ThrottleKeys, now = new Date()): Promise<Date | null> {
  const rows = await db
    .select({ scope: loginFailures.scope, failures: loginFailures.failures, lastFailureAt: loginFailures.lastFailureAt })
    .from(loginFailures)
    .where(sql`(${loginFailures.scope}, ${loginFailures.keyHash}) in (${keyList(keys)})`)
  return retryAtOf(rows, now)
}

/** Counts a failed sign-in on the three counters; returns when the next attempt may be made (or null). */
export async function recordLoginFailure(db: Database, keys: ThrottleKeys, now = new Date()): Promise<Date | null> {
  const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_MS)
  const rows = await db
    .insert(loginFailures)
    .values(keysOf(keys).map((key) => ({ ...key, failures: 1, lastFailureAt: now })))
    .onConflictDoUpdate({
      target: [loginFailures.scope, loginFailures.keyHash],
      set: {
        failures: sql`case when ${loginFailures.lastFailureAt} < ${forgetBefore.toISOString()}::timestamptz then 1 else ${loginFailures.failures} + 1 end`,
        lastFailureAt: sql`greatest(${loginFailures.lastFailureAt}, excluded.last_failure_at)`,
      },
    })
    .returning({ scope: loginFailures.scope, failures: loginFailures.failures, lastFailureAt: loginFailures.lastFailureAt })
  return retryAtOf(rows, now)
}

export type Reservation =
  | {
      ok: true
      /** When the next attempt may be made if this one fails. */
      retryAtIfFailed: Date | null
      /** The account counter's latest failure before this attempt, and this attempt's time: what a success puts back. */
      accountBefore: Date
      at: Date
    }
  | { ok: false; retryAt: Date }

/**
 * Checks the delay and, when there is none, counts this attempt as a failure, atomically: the three
 * counters are created if missing and locked (in one order, so two attempts cannot deadlock), so a
 * simultaneous attempt waits for this one's count before it checks. Call `settleLoginSuccess` when
 * the password was right.
 */
export async function reserveLoginAttempt(db: Database, keys: ThrottleKeys, now = new Date()): Promise<Reservation> {
  const ordered = keysOf(keys).sort((a, b) => a.scope.localeCompare(b.scope))
  return db.transaction(async (tx) => {
    await tx
      .insert(loginFailures)
      .values(ordered.map((key) => ({ ...key, failures: 0, lastFailureAt: now })))
      .onConflictDoNothing({ target: [loginFailures.scope, loginFailures.keyHash] })
    const rows = await tx
      .select({ scope: loginFailures.scope, failures: loginFailures.failures, lastFailureAt: loginFailures.lastFailureAt })
      .from(loginFailures)
      .where(sql`(${loginFailures.scope}, ${loginFailures.keyHash}) in (${keyList(keys)})`)
      .orderBy(loginFailures.scope)
      .for('update')
    const blocked = retryAtOf(rows, now)
    if (blocked) return { ok: false as const, retryAt: blocked }
    const accountBefore = rows.find((row) => row.scope === 'account')?.lastFailureAt ?? now
    return { ok: true as const, retryAtIfFailed: await recordLoginFailure(tx, keys, now), accountBefore, at: now }
  })
}

/**
 * After a right password: clears the address's and the pair's counters and takes the attempt back
 * from the account's (its other failures stay: signing in does not end a guessing attack from elsewhere).
 * After a right code (`secondStep`), the account's second-step counter is cleared too; a right
 * password alone never clears it.
 */
export async function settleLoginSuccess(db: Database, keys: ThrottleKeys, reservation: { accountBefore: Date; at: Date }): Promise<void> {
  await clearLoginFailures(db, keys)
  const account = keysOf(keys).find((key) => key.scope === 'account')!
  // The latest failure goes back to what it was, unless a failure since moved it on.
  await db
    .update(loginFailures)
    .set({
      failures: sql`greatest(${loginFailures.failures} - 1, 0)`,
      lastFailureAt: sql`case when ${loginFailures.lastFailureAt} = ${reservation.at.toISOString()}::timestamptz then ${reservation.accountBefore.toISOString()}::timestamptz else ${loginFailures.lastFailureAt} end`,
    })
    .where(sql`(${loginFailures.scope}, ${loginFailures.keyHash}) = (${account.scope}, ${account.keyHash})`)
}

/**
 * Clears the address's and the pair's counters after a successful sign-in (and the second step's,
 * after a right code). The account-wide count stays: signing in does not end a guessing attack
 * from elsewhere.
 */
async function clearLoginFailures(db: Database, keys: ThrottleKeys): Promise<void> {
  const cleared = keysOf(keys).filter((key) => key.scope !== 'account')
  await db.delete(loginFailures).where(
    sql`(${loginFailures.scope}, ${loginFailures.keyHash}) in (${sql.join(
      cleared.map((key) => sql`(${key.scope}, ${key.keyHash})`),
      sql`, `,
    )})`,
  )
}

/** Forgets counters that no longer matter (no failure within FAILURE_MEMORY_MS); returns how many. */
export async function deleteOldLoginFailures(db: Database, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(loginFailures)
    .where(sql`${loginFailures.lastFailureAt} < ${new Date(now.getTime() - FAILURE_MEMORY_MS).toISOString()}::timestamptz`)
    .returning({ scope: loginFailures.scope })
  return deleted.length
}
