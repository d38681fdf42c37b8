import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, sessions } from '~db/schema'
import { turnOnTwoStep } from '../../../../tests/support/staff'
import { testDatabases } from '../../../../tests/support/databases'
import type { DatabaseHandle } from '../../platform/db.server'
import { createSession, hashToken } from '../sessions.server'
import { createStaff } from '../staff.server'
import { SECOND_STEP_RULE } from '../throttle.server'
import { removeTwoStepWithOwnCode } from './removal.server'
import { parseSecretKey } from './secret-box.server'
import { codeAt, STEP_SECONDS } from './totp.server'
import { confirmEnrollment, startEnrollment, twoStepStatus } from './two-step.server'

const params = { ln: 4, r: 8, p: 1 }
const key = parseSecretKey(Buffer.alloc(32, 9).toString('base64'))
const T0 = new Date('2032-04-01T08:00:10Z')
const later = (steps: number) => new Date(T0.getTime() + steps * STEP_SECONDS * 1000)
const address = '198.51.100.80'

describe.each(testDatabases())('two-step sign-ins and sessions on $name', ({ open }) => {
  let handle: DatabaseHandle
  let serial = 0
  beforeAll(async () => {
    handle = await open()
  })
  afterAll(async () => {
    await handle.close()
  })

  async function member(role: 'admin' | 'reception' = 'reception') {
    const username = `sf${++serial}`
    const created = await createStaff(handle.db, { username, displayName: username, role, password: 'cobalt-meadow-ferry-12' }, { params })
    if (!created.ok) throw new Error(created.problem)
    return { id: created.id, username }
  }

  async function enrolled(role: 'admin' | 'reception' = 'reception') {
    const actor = await member(role)
    const { secret } = await turnOnTwoStep(handle.db, actor, key, T0)
    return { actor, secret }
  }

  it('turning two-step sign-in on can end the account’s other sessions, and keeps this one', async () => {
    const actor = await member()
    const here = await createSession(handle.db, actor.id, T0)
    await createSession(handle.db, actor.id, T0)
    await createSession(handle.db, actor.id, T0)
    const secret = (await startEnrollment(handle.db, actor.id, key))!
    const confirmed = await confirmEnrollment(handle.db, actor, codeAt(secret, T0), key, T0, { endOtherSessions: here })
    expect(confirmed).toMatchObject({ ok: true, otherSessionsEnded: 2 })
    const left = await handle.db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.staffId, actor.id))
    expect(left).toEqual([{ tokenHash: hashToken(here) }])
    const actions = await handle.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.staffId, actor.id))
    expect(actions).toContainEqual({ action: 'sessions-end-others', details: { ended: 2 } })

    // Unchecked, the other sessions stay.
    const other = await member()
    await createSession(handle.db, other.id, T0)
    await createSession(handle.db, other.id, T0)
    const otherSecret = (await startEnrollment(handle.db, other.id, key))!
    expect(await confirmEnrollment(handle.db, other, codeAt(otherSecret, T0), key, T0)).toMatchObject({ ok: true, otherSessionsEnded: 0 })
    expect(await handle.db.select().from(sessions).where(eq(sessions.staffId, other.id))).toHaveLength(2)
  })

  it('an administrator without two-step sign-in cannot remove another member’s', async () => {
    const admin = await member('admin')
    const { actor } = await enrolled()
    expect(await removeTwoStepWithOwnCode(handle.db, admin, actor.id, '123456', { key, address, now: later(1) })).toEqual({
      ok: false,
      problem: 'ownFactorMissing',
    })
    expect((await twoStepStatus(handle.db, actor.id)).on).toBe(true)
  })

  it('asks the administrator’s own code: a wrong one removes nothing, the right one removes it', async () => {
    const { actor: admin, secret: adminSecret } = await enrolled('admin')
    const { actor } = await enrolled()
    // The member's code is not the administrator's.
    const wrong = await removeTwoStepWithOwnCode(handle.db, admin, actor.id, '000000', { key, address, now: later(2) })
    expect(wrong).toEqual({ ok: false, problem: 'wrongCode' })
    expect((await twoStepStatus(handle.db, actor.id)).on).toBe(true)
    const right = await removeTwoStepWithOwnCode(handle.db, admin, actor.id, codeAt(adminSecret, later(2)), {
      key,
      address,
      now: later(2),
    })
    expect(right).toEqual({ ok: true })
    expect((await twoStepStatus(handle.db, actor.id)).on).toBe(false)
    const [entry] = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'two-factor-remove'))
    expect(entry).toMatchObject({ actor: admin.username, target: `staff:${actor.id}` })
    // Unknown account.
    expect(
      await removeTwoStepWithOwnCode(handle.db, admin, 999_999, codeAt(adminSecret, later(4)), { key, address, now: later(4) }),
    ).toEqual({
      ok: false,
      problem: 'notFound',
    })
  })

  it('the administrator’s wrong codes count on the throttle: five, then a wait', async () => {
    const { actor: admin, secret: adminSecret } = await enrolled('admin')
    const { actor } = await enrolled()
    const now = later(10)
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => removeTwoStepWithOwnCode(handle.db, admin, actor.id, '999999', { key, address, now })),
    )
    expect(answers.filter((a) => !a.ok && a.problem === 'wrongCode')).toHaveLength(SECOND_STEP_RULE.free)
    expect(answers.filter((a) => !a.ok && a.problem === 'throttled')).toHaveLength(8 - SECOND_STEP_RULE.free)
    // Even the right code waits.
    const waiting = await removeTwoStepWithOwnCode(handle.db, admin, actor.id, codeAt(adminSecret, now), { key, address, now })
    expect(waiting).toMatchObject({ ok: false, problem: 'throttled' })
    expect((await twoStepStatus(handle.db, actor.id)).on).toBe(true)
  })
})
