import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, staffRecoveryCodes, staffTwoStep } from '~db/schema'
import { turnOnTwoStep } from '../../../../tests/support/staff'
import { testDatabases } from '../../../../tests/support/databases'
import type { DatabaseHandle } from '../../platform/db.server'
import { createStaff } from '../staff.server'
import { parseSecretKey } from './secret-box.server'
import { codeAt, STEP_SECONDS } from './totp.server'
import { accountsWithTwoStep, checkTwoStep, confirmEnrollment, removeTwoStep, startEnrollment, twoStepStatus } from './two-step.server'

const params = { ln: 10, r: 8, p: 1 }
const key = parseSecretKey(Buffer.alloc(32, 3).toString('base64'))
const T0 = new Date('2030-06-01T08:00:10Z')
const later = (steps: number) => new Date(T0.getTime() + steps * STEP_SECONDS * 1000)

describe.each(testDatabases())('two-step sign-in on $name', ({ open }) => {
  let handle: DatabaseHandle
  let serial = 0
  beforeAll(async () => {
    handle = await open()
  })
  afterAll(async () => {
    await handle.close()
  })

  async function member() {
    const username = `tf${++serial}`
    const created = await createStaff(
      handle.db,
      { username, displayName: username, role: 'reception', password: 'amber-kettle-window-9' },
      { params },
    )
    if (!created.ok) throw new Error(created.problem)
    return { id: created.id, username }
  }

  async function enrolled() {
    const actor = await member()
    return { actor, ...(await turnOnTwoStep(handle.db, actor, key, T0)) }
  }

  it('turns on with a confirming code, stores the secret encrypted and the recovery codes hashed', async () => {
    const actor = await member()
    const secret = (await startEnrollment(handle.db, actor.id, key))!
    expect(await twoStepStatus(handle.db, actor.id)).toEqual({ on: false, recoveryCodesLeft: 0 })
    expect(await confirmEnrollment(handle.db, actor, '000000', key, T0)).toEqual({ ok: false, problem: 'wrong' })
    const confirmed = await confirmEnrollment(handle.db, actor, codeAt(secret, T0), key, T0)
    expect(confirmed.ok).toBe(true)
    expect(await twoStepStatus(handle.db, actor.id)).toEqual({ on: true, recoveryCodesLeft: 10 })
    const [stored] = await handle.db.select().from(staffTwoStep).where(eq(staffTwoStep.staffId, actor.id))
    expect(stored!.secret).not.toContain(secret)
    const hashes = await handle.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, actor.id))
    const dump = JSON.stringify(hashes)
    for (const code of confirmed.ok ? confirmed.recoveryCodes : []) expect(dump).not.toContain(code.replace('-', ''))
    // A confirmed factor is not replaced by starting again.
    expect(await startEnrollment(handle.db, actor.id, key)).toBeNull()
  })

  it('accepts each code once: the confirming code and a code used at sign-in are refused again', async () => {
    const { actor, secret } = await enrolled()
    expect(await checkTwoStep(handle.db, actor.id, codeAt(secret, T0), key, T0)).toEqual({ ok: false, reason: 'reused' })
    const next = codeAt(secret, later(1))
    expect(await checkTwoStep(handle.db, actor.id, next, key, later(1))).toEqual({ ok: true, usedRecoveryCode: false })
    expect(await checkTwoStep(handle.db, actor.id, next, key, later(1))).toEqual({ ok: false, reason: 'reused' })
    // Two requests with the same fresh code at once: one passes.
    const fresh = codeAt(secret, later(3))
    const both = await Promise.all([1, 2].map(() => checkTwoStep(handle.db, actor.id, fresh, key, later(3))))
    expect(both.filter((result) => result.ok)).toHaveLength(1)
    expect(await checkTwoStep(handle.db, actor.id, '123456', key, later(5))).toMatchObject({ ok: false })
  })

  it('accepts a recovery code once', async () => {
    const { actor, recoveryCodes } = await enrolled()
    const code = recoveryCodes[4]!
    expect(await checkTwoStep(handle.db, actor.id, code.toUpperCase(), key, T0)).toEqual({ ok: true, usedRecoveryCode: true })
    expect(await checkTwoStep(handle.db, actor.id, code, key, T0)).toEqual({ ok: false, reason: 'wrong' })
    expect(await twoStepStatus(handle.db, actor.id)).toEqual({ on: true, recoveryCodesLeft: 9 })
  })

  it('is removed by an administrator for a lost phone, with an audit entry', async () => {
    const admin = await member()
    const { actor } = await enrolled()
    expect(await accountsWithTwoStep(handle.db)).toContain(actor.id)
    expect(await removeTwoStep(handle.db, admin, actor.id, actor.username)).toBe(true)
    expect(await twoStepStatus(handle.db, actor.id)).toEqual({ on: false, recoveryCodesLeft: 0 })
    expect(await accountsWithTwoStep(handle.db)).not.toContain(actor.id)
    expect(await removeTwoStep(handle.db, admin, actor.id, actor.username)).toBe(false)
    const entries = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `staff:${actor.id}`))
    expect(entries.map((entry) => [entry.action, entry.actor])).toEqual([
      ['two-factor-on', actor.username],
      ['two-factor-remove', admin.username],
    ])
  })
})
