import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, loginFailures, staff } from '~db/schema'
import { LONG_RUN_TIMEOUT } from '../../../../tests/support/long-runs'
import { turnOnTwoStep } from '../../../../tests/support/staff'
import { testDatabases } from '../../../../tests/support/databases'
import type { DatabaseHandle } from '../../platform/db.server'
import { createStaff, signIn } from '../staff.server'
import { SECOND_STEP_RULE, throttleKeyHash } from '../throttle.server'
import { parseSecretKey } from './secret-box.server'
import { ALERT_AFTER_WRONG_CODES, verifySignInCode, type SignInCodeResult } from './sign-in-code.server'
import { codeAt, STEP_SECONDS } from './totp.server'

// A cheap hash: these tests count codes, not hashing work. Every time comes from this clock.
const params = { ln: 4, r: 8, p: 1 }
const key = parseSecretKey(Buffer.alloc(32, 7).toString('base64'))
const PASSWORD = 'juniper-quarry-lantern-4'
const T0 = new Date('2032-02-01T06:00:05Z')
const at = (ms: number) => new Date(T0.getTime() + ms)
const MINUTE = 60 * 1000

/** A six-digit code that is none of the codes accepted at `now` (one step either side). */
function wrongCodeAt(secret: string, now: Date): string {
  const accepted = [-1, 0, 1].map((step) => codeAt(secret, new Date(now.getTime() + step * STEP_SECONDS * 1000)))
  return ['000000', '111111', '222222', '333333'].find((code) => !accepted.includes(code))!
}

describe.each(testDatabases())('the second step’s throttle on $name', ({ open }) => {
  let handle: DatabaseHandle
  let serial = 0
  beforeAll(async () => {
    handle = await open()
  })
  afterAll(async () => {
    await handle.close()
  })

  /** A fresh account with two-step sign-in on (and an e-mail address), so no test sees another's counters. */
  async function member() {
    const username = `owner${++serial}`
    const created = await createStaff(handle.db, { username, displayName: username, role: 'reception', password: PASSWORD }, { params })
    if (!created.ok) throw new Error(created.problem)
    await handle.db
      .update(staff)
      .set({ email: `${username}@clinic.example`, locale: 'fa' })
      .where(eq(staff.id, created.id))
    const { secret, recoveryCodes } = await turnOnTwoStep(handle.db, { id: created.id, username }, key, at(-10 * MINUTE))
    return { id: created.id, username, secret, recoveryCodes }
  }

  /** The right password from `address` at `now`: the session waiting for its code. */
  async function password(username: string, address: string, now: Date): Promise<string> {
    const result = await signIn(handle.db, { username, password: PASSWORD, address }, { now, params })
    if (!result.ok || !result.twoStep) throw new Error(`password refused: ${JSON.stringify(result)}`)
    return result.token
  }

  const code = (token: string, typed: string, address: string, now: Date) =>
    verifySignInCode(handle.db, { token, code: typed, address }, { key, now })

  const checked = (results: SignInCodeResult[]) => results.filter((r) => !r.ok && (r.reason === 'wrong' || r.reason === 'reused'))
  const throttled = (results: SignInCodeResult[]) => results.filter((r) => !r.ok && r.reason === 'throttled')

  async function secondStepFailures(username: string): Promise<number> {
    const [row] = await handle.db
      .select({ failures: loginFailures.failures })
      .from(loginFailures)
      .where(and(eq(loginFailures.scope, 'second-step'), eq(loginFailures.keyHash, throttleKeyHash('second-step', username))))
    return row?.failures ?? 0
  }

  async function auditOf(staffId: number, action: string) {
    return handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, staffId), eq(auditLog.action, action)))
  }

  it('cycles of a right password and four codes get five codes checked, not twenty', async () => {
    const owner = await member()
    const address = '198.51.100.40'
    const results: SignInCodeResult[] = []
    // The review's loop: 20 codes in 40 s, a fresh sign-in before every four.
    for (let cycle = 0; cycle < 5; cycle++) {
      const start = cycle * 8000
      const token = await password(owner.username, address, at(start))
      for (let i = 0; i < 4; i++)
        results.push(await code(token, wrongCodeAt(owner.secret, at(start + 1000 + i)), address, at(start + 1000 + i)))
    }
    expect(checked(results)).toHaveLength(SECOND_STEP_RULE.free)
    expect(throttled(results)).toHaveLength(20 - SECOND_STEP_RULE.free)
    expect(await secondStepFailures(owner.username)).toBe(SECOND_STEP_RULE.free)

    // The delay runs from the fifth wrong code (in the second cycle), a right password in between or not.
    const fifth = at(8000 + 1000)
    const retryAt = new Date(fifth.getTime() + SECOND_STEP_RULE.firstMs)
    expect(throttled(results).every((r) => !r.ok && r.reason === 'throttled' && r.retryAt.getTime() === retryAt.getTime())).toBe(true)
    const again = await password(owner.username, address, at(36_000))
    expect(await code(again, codeAt(owner.secret, at(36_000)), address, at(36_000))).toEqual({ ok: false, reason: 'throttled', retryAt })

    // Once it has passed, the right code signs in and clears the count.
    expect(await code(again, codeAt(owner.secret, retryAt), address, retryAt)).toMatchObject({ ok: true, usedRecoveryCode: false })
    expect(await secondStepFailures(owner.username)).toBe(0)
  })

  it(
    'one code a minute, each after a right password, meets a delay that doubles to 15 minutes',
    async () => {
      const owner = await member()
      const address = '198.51.100.41'
      const checkedAt: number[] = []
      const alerts: SignInCodeResult[] = []
      for (let minute = 0; minute < 180; minute++) {
        const now = at(minute * MINUTE)
        const token = await password(owner.username, address, now)
        const result = await code(token, wrongCodeAt(owner.secret, now), address, now)
        if (!result.ok && result.reason === 'wrong') {
          checkedAt.push(minute)
          if (result.alert) alerts.push(result)
        }
      }
      // Five free, then 30 s, 1, 2, 4, 8 and 15 minutes: the review got 60 an hour, forever.
      expect(checkedAt.filter((minute) => minute < 60)).toEqual([0, 1, 2, 3, 4, 5, 6, 8, 12, 20, 35, 50])
      const gaps = checkedAt.slice(1).map((minute, i) => minute - checkedAt[i]!)
      expect(gaps.slice(-6)).toEqual([15, 15, 15, 15, 15, 15])
      expect(checkedAt.length).toBeLessThanOrEqual(12 + 2 * 4)

      // Past ten wrong codes within the hour (the eleventh, at minute 35): one alert for the owner, and one audit entry.
      expect(alerts).toHaveLength(1)
      expect(alerts[0]).toMatchObject({ alert: { username: owner.username, email: `${owner.username}@clinic.example`, locale: 'fa' } })
      const entries = await auditOf(owner.id, 'two-factor-alert')
      expect(entries).toHaveLength(1)
      expect(entries[0]!.at).toEqual(at(35 * MINUTE))
      expect(entries[0]!.details).toMatchObject({ wrongCodes: ALERT_AFTER_WRONG_CODES + 1 })
      // Every wrong code is in the audit log, each at its time.
      expect(await auditOf(owner.id, 'sign-in-refused')).toHaveLength(checkedAt.length)
    },
    LONG_RUN_TIMEOUT,
  )

  it('one code from each of 30 fresh addresses: five are checked', async () => {
    const owner = await member()
    const results: SignInCodeResult[] = []
    // The review's loop: 30 addresses, 30 guesses, 14 s.
    for (let i = 0; i < 30; i++) {
      const address = `203.0.113.${100 + i}`
      const now = at(i * 466)
      // The password step lets every fresh address through at once: no lock-out of the real user.
      const token = await password(owner.username, address, now)
      results.push(await code(token, wrongCodeAt(owner.secret, now), address, now))
    }
    expect(checked(results)).toHaveLength(SECOND_STEP_RULE.free)
    expect(results.slice(0, SECOND_STEP_RULE.free).every((r) => !r.ok && r.reason === 'wrong')).toBe(true)
    expect(throttled(results)).toHaveLength(30 - SECOND_STEP_RULE.free)
  })

  it('recovery codes share the limit', async () => {
    const owner = await member()
    const address = '198.51.100.42'
    const token = await password(owner.username, address, at(0))
    const typed = ['abcde-fghij', wrongCodeAt(owner.secret, at(0)), 'zzzzz-zzzzz', wrongCodeAt(owner.secret, at(0)), 'kmnpq-rstuv']
    const results: SignInCodeResult[] = []
    for (const [i, attempt] of typed.entries()) results.push(await code(token, attempt, address, at(i)))
    expect(checked(results)).toHaveLength(5)
    // The sixth, even a right recovery code, waits.
    const blocked = await code(token, owner.recoveryCodes[0]!, address, at(10))
    expect(blocked).toEqual({ ok: false, reason: 'throttled', retryAt: at(4 + SECOND_STEP_RULE.firstMs) })
    const later = await password(owner.username, address, at(4 + SECOND_STEP_RULE.firstMs))
    expect(await code(later, owner.recoveryCodes[0]!, address, at(4 + SECOND_STEP_RULE.firstMs))).toMatchObject({
      ok: true,
      usedRecoveryCode: true,
    })
    const refused = await auditOf(owner.id, 'sign-in-refused')
    expect(refused.filter((entry) => entry.details.recoveryCode === true)).toHaveLength(3)
  })

  it(
    '25 simultaneous codes, from one address or from 25: five are checked',
    async () => {
      const owner = await member()
      const token = await password(owner.username, '198.51.100.43', at(0))
      const burst = await Promise.all(
        Array.from({ length: 25 }, (_, i) => code(token, wrongCodeAt(owner.secret, at(1000)), '198.51.100.43', at(1000 + i))),
      )
      expect(checked(burst)).toHaveLength(SECOND_STEP_RULE.free)
      expect(throttled(burst)).toHaveLength(25 - SECOND_STEP_RULE.free)
      expect(await secondStepFailures(owner.username)).toBe(SECOND_STEP_RULE.free)

      const other = await member()
      const tokens: Array<{ token: string; address: string }> = []
      for (let i = 0; i < 25; i++) {
        const address = `192.0.2.${10 + i}`
        tokens.push({ token: await password(other.username, address, at(i)), address })
      }
      const spread = await Promise.all(
        tokens.map(({ token: each, address }) => code(each, wrongCodeAt(other.secret, at(1000)), address, at(1000))),
      )
      expect(checked(spread)).toHaveLength(SECOND_STEP_RULE.free)
      expect(throttled(spread)).toHaveLength(25 - SECOND_STEP_RULE.free)
      expect(await secondStepFailures(other.username)).toBe(SECOND_STEP_RULE.free)
      expect(await auditOf(other.id, 'sign-in-refused')).toHaveLength(SECOND_STEP_RULE.free)
    },
    LONG_RUN_TIMEOUT,
  )

  it('raises one alert when simultaneous wrong codes pass ten within the hour', async () => {
    const owner = await member()
    const address = '198.51.100.44'
    // Ten wrong codes, each after its delay (the clock jumps past each), then a burst.
    let now = at(0)
    for (let i = 0; i < ALERT_AFTER_WRONG_CODES; i++) {
      const token = await password(owner.username, address, now)
      const result = await code(token, wrongCodeAt(owner.secret, now), address, now)
      if (result.ok || result.reason === 'throttled' || result.reason === 'expired') throw new Error('not checked')
      expect(result.alert).toBeNull()
      now = result.retryAt ?? now
    }
    const fresh = await password(owner.username, address, now)
    const burst = await Promise.all(Array.from({ length: 5 }, () => code(fresh, wrongCodeAt(owner.secret, now), address, now)))
    expect(checked(burst)).toHaveLength(1)
    expect(burst.filter((r) => !r.ok && 'alert' in r && r.alert)).toHaveLength(1)
    expect(await auditOf(owner.id, 'two-factor-alert')).toHaveLength(1)
  })
})
