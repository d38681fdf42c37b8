import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { loginFailures } from '../../db/schema'
import type { Database } from './db.server'

/** Failures allowed before a delay applies. */
export const FREE_FAILURES = 5
/** The first delay; each further failure doubles it, up to MAX_DELAY_MS. */
export const FIRST_DELAY_MS = 30 * 1000
export const MAX_DELAY_MS = 15 * 60 * 1000
/** A counter with no failure for this long starts again from zero. */
export const FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000

type Scope = 'account' | 'address'

export interface ThrottleKeys {
  username: string
  address: string
}

function keyHash(scope: Scope, value: string): string {
  return createHash('sha256').update(`login-${scope}:${value}`).digest('hex')
}

function keysOf({ username, address }: ThrottleKeys): Array<{ scope: Scope; keyHash: string }> {
  return [
    { scope: 'account', keyHash: keyHash('account', username.trim().toLowerCase()) },
    { scope: 'address', keyHash: keyHash('address', address) },
  ]
}

/** The delay after the given number of consecutive failures: none up to five, then 30 s, 60 s, 2 min … 15 min. */
export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS)
}

/** When the next attempt for this username or from this address may be checked, or null when now. */
export async function loginBlockedUntil(db: Database, keys: ThrottleKeys, now = new Date()): Promise<Date | null> {
  const rows = await db
    .select({ blockedUntil: loginFailures.blockedUntil })
    .from(loginFailures)
    .where(
      sql`(${loginFailures.scope}, ${loginFailures.keyHash}) in (${sql.join(
        keysOf(keys).map((key) => sql`(${key.scope}, ${key.keyHash})`),
        sql`, `,
      )})`,
    )
  let latest: Date | null = null
  for (const { blockedUntil } of rows) {
    if (blockedUntil && blockedUntil.getTime() > now.getTime() && (!latest || blockedUntil > latest)) latest = blockedUntil
  }
  return latest
}

/** Counts a failed sign-in for the account and the address; returns when the next attempt may be made (or null). */
export async function recordLoginFailure(db: Database, keys: ThrottleKeys, now = new Date()): Promise<Date | null> {
  const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_MS)
  let latest: Date | null = null
  for (const key of keysOf(keys)) {
    const [row] = await db
      .insert(loginFailures)
      .values({ ...key, failures: 1, lastFailureAt: now })
      .onConflictDoUpdate({
        target: [loginFailures.scope, loginFailures.keyHash],
        set: {
          failures: sql`case when ${loginFailures.lastFailureAt} < ${forgetBefore.toISOString()}::timestamptz then 1 else ${loginFailures.failures} + 1 end`,
          lastFailureAt: now,
        },
      })
      .returning({ failures: loginFailures.failures })
    const delay = delayAfter(row?.failures ?? 1)
    if (delay > 0) {
      const until = new Date(now.getTime() + delay)
      await db
        .update(loginFailures)
        .set({ blockedUntil: until })
        .where(and(eq(loginFailures.scope, key.scope), eq(loginFailures.keyHash, key.keyHash)))
      if (!latest || until > latest) latest = until
    }
  }
  return latest
}

/** Clears the counters after a successful sign-in. */
export async function clearLoginFailures(db: Database, keys: ThrottleKeys): Promise<void> {
  const [account, address] = keysOf(keys)
  await db
    .delete(loginFailures)
    .where(
      sql`(${loginFailures.scope} = ${account!.scope} and ${loginFailures.keyHash} = ${account!.keyHash})
        or (${loginFailures.scope} = ${address!.scope} and ${loginFailures.keyHash} = ${address!.keyHash})`,
    )
}

/** Forgets counters that no longer matter. */
export async function deleteOldLoginFailures(db: Database, now = new Date()): Promise<void> {
  await db.delete(loginFailures).where(sql`${loginFailures.lastFailureAt} < ${new Date(now.getTime() - FAILURE_MEMORY_MS).toISOString()}::timestamptz`)
}
