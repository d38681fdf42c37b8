import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabases } from '../../../tests/support/databases'
import type { DatabaseHandle } from '../platform/db.server'
import { MOST_PER_ADDRESS } from './sign-in-gate.server'
import { createStaff, signIn, type SignInResult } from './staff.server'
import { PAIR_RULE } from './throttle.server'

const params = { ln: 10, r: 8, p: 1 }
const PASSWORD = 'amber-kettle-window-9'
const ADMIN_PASSWORD = 'quiet-harbour-lantern-42'

/** Whether the password was checked at all (rather than refused before any hashing). */
const checked = (result: SignInResult) => result.ok || result.reason === 'invalid'

describe.each(testDatabases())('a flood of simultaneous sign-ins ($name)', ({ open }) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await open()
    for (const [username, role, password] of [
      ['target', 'reception', PASSWORD],
      ['boss', 'admin', ADMIN_PASSWORD],
    ] as const) {
      const created = await createStaff(handle.db, { username, displayName: username, role, password }, { params })
      expect(created.ok).toBe(true)
    }
  })
  afterAll(async () => {
    await handle.close()
  })

  it('25 at once for one account from one address: no more checked than the throttle allows, the rest refused at once, an administrator elsewhere first', async () => {
    const finished: string[] = []
    const attempt = (label: string, username: string, password: string, address: string) =>
      signIn(handle.db, { username, password, address }, { params }).then((result) => {
        finished.push(`${label}:${checked(result) ? 'checked' : 'refused'}`)
        return result
      })
    const flood = Array.from({ length: 25 }, (_, i) => attempt('flood', 'target', i === 24 ? PASSWORD : `wrong-guess-${i}`, '198.51.100.7'))
    const boss = attempt('boss', 'boss', ADMIN_PASSWORD, '203.0.113.50')
    const results = await Promise.all(flood)

    const refusals = results.filter((result) => !checked(result))
    expect(results.filter(checked).length).toBeLessThanOrEqual(PAIR_RULE.free)
    expect(refusals.length).toBeGreaterThanOrEqual(25 - PAIR_RULE.free)
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ ok: false })
      expect(['throttled', 'busy']).toContain(!refusal.ok && refusal.reason)
    }
    // The refusals were answered before any password was checked: they finished first.
    const firstChecked = finished.findIndex((entry) => entry.endsWith(':checked'))
    expect(finished.slice(0, firstChecked).every((entry) => entry === 'flood:refused')).toBe(true)
    expect(firstChecked).toBeGreaterThanOrEqual(25 - MOST_PER_ADDRESS)

    // The administrator signing in from elsewhere waited for no more than the flood's few admitted checks.
    expect((await boss).ok).toBe(true)
    const bossAt = finished.indexOf('boss:checked')
    expect(finished.slice(0, bossAt).filter((entry) => entry === 'flood:checked').length).toBeLessThanOrEqual(MOST_PER_ADDRESS)
  })

  it('later attempts from that address keep to the throttle: no more checks than the free ones in all', async () => {
    let checks = 0
    for (let i = 0; i < 10; i++) {
      const result = await signIn(handle.db, { username: 'target', password: `again-${i}`, address: '198.51.100.8' }, { params })
      if (checked(result)) checks++
    }
    expect(checks).toBe(PAIR_RULE.free)
  })
})
