import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '~db/schema'
import { testDatabases } from '../../../tests/support/databases'
import type { DatabaseHandle } from '../platform/db.server'
import { parseForm } from './form-result.server'
import { createStaff } from './staff.server'
import { setStaffEmail, staffEmail, StaffEmailSchema } from './staff-email.server'

const params = { ln: 10, r: 8, p: 1 }

function form(email: string) {
  const data = new FormData()
  data.set('email', email)
  return parseForm(StaffEmailSchema, data)
}

describe('the e-mail field', () => {
  it('takes an address or nothing, and refuses what is not an address', () => {
    expect(form(' amina@clinic.example ').data).toEqual({ email: 'amina@clinic.example' })
    expect(form('').data).toEqual({ email: null })
    for (const bad of ['amina', 'amina@', '@clinic.example', 'a b@clinic.example', 'a@b..c', `${'a'.repeat(250)}@clinic.example`]) {
      expect(form(bad).success, bad).toBe(false)
    }
  })
})

describe.each(testDatabases())('an account’s e-mail address ($name)', ({ open }) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await open()
  })
  afterAll(async () => {
    await handle.close()
  })

  it('is stored lower-case, belongs to one account only, can be removed, and each change is recorded without the address', async () => {
    const a = await createStaff(
      handle.db,
      { username: 'mail-a', displayName: 'A', role: 'admin', password: 'amber-kettle-window-9' },
      { params },
    )
    const b = await createStaff(
      handle.db,
      { username: 'mail-b', displayName: 'B', role: 'reception', password: 'amber-kettle-window-9' },
      { params },
    )
    if (!a.ok || !b.ok) throw new Error('accounts')
    const admin = { id: a.id, username: 'mail-a' }
    expect(await setStaffEmail(handle.db, admin, b.id, 'Desk@Clinic.Example')).toEqual({ ok: true, changed: true })
    expect(await staffEmail(handle.db, b.id)).toBe('desk@clinic.example')
    expect(await setStaffEmail(handle.db, admin, b.id, 'desk@clinic.example')).toEqual({ ok: true, changed: false })
    expect(await setStaffEmail(handle.db, admin, a.id, 'DESK@clinic.example')).toEqual({ ok: false, problem: 'emailTaken' })
    expect(await setStaffEmail(handle.db, admin, 999_999, 'x@clinic.example')).toEqual({ ok: false, problem: 'notFound' })
    expect(await setStaffEmail(handle.db, admin, b.id, null)).toEqual({ ok: true, changed: true })
    expect(await staffEmail(handle.db, b.id)).toBeNull()
    const entries = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'email-change'))
    expect(entries).toHaveLength(2)
    expect(JSON.stringify(entries)).not.toContain('clinic.example')
  })
})
