import { LONG_RUN_TIMEOUT } from '../../../tests/support/long-runs'
import { MOST_IN_FLIGHT } from './sign-in-gate.server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginFailures } from '~db/schema'
import { testDatabases } from '../../../tests/support/databases'
import type { DatabaseHandle } from '../platform/db.server'
import { createStaff, signIn } from './staff.server'
import {
  ACCOUNT_RULE,
  ADDRESS_RULE,
  delayAfter,
  deleteOldLoginFailures,
  FAILURE_MEMORY_MS,
  loginBlockedUntil,
  PAIR_RULE,
  recordLoginFailure,
} from './throttle.server'

// A cheap hash: these tests count sign-ins, not hashing work.
const params = { ln: 4, r: 8, p: 1 }
const T0 = new Date('2031-05-01T08:00:00Z')
const at = (ms: number) => new Date(T0.getTime() + ms)
const PASSWORD = 'saffron-lantern-orchard'

/** Runs the tasks with at most `width` at once. */
async function inWaves<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = []
  for (let start = 0; start < count; start += width) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, j) => task(start + j)))))
  }
  return results
}

async function counters(handle: DatabaseHandle) {
  return handle.db.select().from(loginFailures)
}

describe.each(testDatabases())('sign-in throttle on $name', ({ open }) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await open()
    await createStaff(handle.db, { username: 'admin', displayName: 'Admin', role: 'admin', password: PASSWORD }, { params })
    await createStaff(handle.db, { username: 'desk', displayName: 'Desk', role: 'reception', password: PASSWORD }, { params })
  })
  afterAll(async () => {
    await handle.close()
  })

  it(
    'lets the administrator in at once from a fresh address while 1,000 other addresses fail',
    async () => {
      const { db } = handle
      // As many at once as the server checks at once (sign-in-gate.server.ts).
      const failures = await inWaves(1000, MOST_IN_FLIGHT, (i) =>
        signIn(db, { username: 'admin', password: `guess-${i}`, address: `10.${i >> 8}.${i & 255}.1` }, { now: at(i), params }),
      )
      expect(failures.every((result) => !result.ok && result.reason === 'invalid')).toBe(true)
      // Every simultaneous failure was counted.
      const rows = await counters(handle)
      expect(rows.find((row) => row.scope === 'account')?.failures).toBe(1000)
      expect(rows.filter((row) => row.scope === 'account-address')).toHaveLength(1000)

      const real = await signIn(db, { username: 'admin', password: PASSWORD, address: '192.0.2.10' }, { now: at(1000), params })
      expect(real.ok).toBe(true)
      // Also with a differently written username.
      const again = await signIn(db, { username: ' Admin ', password: PASSWORD, address: '192.0.2.11' }, { now: at(1001), params })
      expect(again.ok).toBe(true)
    },
    LONG_RUN_TIMEOUT,
  )

  it('slows the guessing addresses once the account is under attack, by at most a minute', async () => {
    const { db } = handle
    // Address 10.0.3.1 failed once above, and the account's latest failure was at 999 ms: this
    // address waits a minute from then, an address that never failed (above) does not.
    const waiting = await signIn(db, { username: 'admin', password: PASSWORD, address: '10.0.3.1' }, { now: at(30_000), params })
    expect(waiting).toEqual({ ok: false, reason: 'throttled', retryAt: at(999 + ACCOUNT_RULE.maxMs) })
    const next = await signIn(db, { username: 'admin', password: 'guess-again', address: '10.0.3.1' }, { now: at(61_000), params })
    expect(next).toEqual({ ok: false, reason: 'invalid', retryAt: at(61_000 + ACCOUNT_RULE.maxMs) })
    const during = await signIn(db, { username: 'admin', password: PASSWORD, address: '10.0.3.1' }, { now: at(62_000), params })
    expect(during).toMatchObject({ ok: false, reason: 'throttled' })
    // The same address may still sign in to another account: the delay is the account's.
    const other = await signIn(db, { username: 'desk', password: PASSWORD, address: '10.0.3.1' }, { now: at(62_000), params })
    expect(other.ok).toBe(true)
  })

  it('delays an (account, address) pair after its free failures, and only that pair', async () => {
    const { db } = handle
    const address = '198.51.100.20'
    let last
    for (let i = 0; i < PAIR_RULE.free; i++) {
      last = await signIn(db, { username: 'desk', password: `wrong-${i}`, address }, { now: at(i), params })
    }
    expect(last).toEqual({ ok: false, reason: 'invalid', retryAt: at(PAIR_RULE.free - 1 + PAIR_RULE.firstMs) })
    const blocked = await signIn(db, { username: 'desk', password: PASSWORD, address }, { now: at(1000), params })
    expect(blocked).toEqual({ ok: false, reason: 'throttled', retryAt: at(PAIR_RULE.free - 1 + PAIR_RULE.firstMs) })
    // The same account from another address, and another account from this address: at once.
    expect((await signIn(db, { username: 'desk', password: PASSWORD, address: '198.51.100.21' }, { now: at(1000), params })).ok).toBe(true)
    expect((await signIn(db, { username: 'admin', password: PASSWORD, address }, { now: at(1000), params })).ok).toBe(true)
    // Once the delay has passed, the right password works.
    expect((await signIn(db, { username: 'desk', password: PASSWORD, address }, { now: at(PAIR_RULE.firstMs + 10), params })).ok).toBe(true)
  })

  it('delays an address that keeps failing, whatever the usernames', async () => {
    const { db } = handle
    const address = '203.0.113.50'
    let last
    for (let i = 0; i < ADDRESS_RULE.free; i++) {
      last = await signIn(db, { username: `nobody${i}`, password: 'some-password', address }, { now: at(i), params })
    }
    expect(last).toEqual({ ok: false, reason: 'invalid', retryAt: at(ADDRESS_RULE.free - 1 + ADDRESS_RULE.firstMs) })
    const blocked = await signIn(db, { username: 'desk', password: PASSWORD, address }, { now: at(100), params })
    expect(blocked).toMatchObject({ ok: false, reason: 'throttled' })
    // The delay doubles with each further failure once it has passed.
    const after = await signIn(db, { username: 'nobody', password: 'x', address }, { now: at(ADDRESS_RULE.firstMs + 100), params })
    expect(after).toEqual({ ok: false, reason: 'invalid', retryAt: at(ADDRESS_RULE.firstMs + 100 + 2 * ADDRESS_RULE.firstMs) })
  })

  it('counts simultaneous failures exactly, and their delay follows the count', async () => {
    const { db } = handle
    const keys = { username: 'race', address: '192.0.2.99' }
    const answers = await Promise.all(Array.from({ length: 30 }, () => recordLoginFailure(db, keys, T0)))
    const rows = await counters(handle)
    const hashesOfRace = rows.filter((row) => row.failures === 30)
    expect(hashesOfRace.map((row) => row.scope).sort()).toEqual(['account', 'account-address', 'address'])
    expect(await loginBlockedUntil(db, keys, T0)).toEqual(at(Math.max(delayAfter(30, PAIR_RULE), delayAfter(30, ADDRESS_RULE))))
    // The last of the simultaneous answers saw the full count.
    expect(answers.map((answer) => answer?.getTime() ?? 0).sort((a, b) => b - a)[0]).toBe(at(PAIR_RULE.maxMs).getTime())
  })

  it('forgets counters after a day without failures, and sweeps them', async () => {
    const { db } = handle
    const keys = { username: 'old', address: '192.0.2.77' }
    for (let i = 0; i < 12; i++) await recordLoginFailure(db, keys, T0)
    expect(await loginBlockedUntil(db, keys, at(1000))).not.toBeNull()
    const later = at(FAILURE_MEMORY_MS + 1)
    expect(await loginBlockedUntil(db, keys, later)).toBeNull()
    // A failure after that starts from one.
    expect(await recordLoginFailure(db, keys, later)).toBeNull()
    const swept = await deleteOldLoginFailures(db, at(FAILURE_MEMORY_MS + 2 * 60 * 60 * 1000))
    expect(swept).toBeGreaterThan(1000)
    const left = await counters(handle)
    expect(left.every((row) => row.lastFailureAt.getTime() > T0.getTime() + 60 * 60 * 1000)).toBe(true)
    expect(left.length).toBe(3)
  })
})
