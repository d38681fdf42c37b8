import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alertDefaults, alertRecipients, auditLog, staff } from '~db/schema'
import { testDatabases } from '../../../tests/support/databases'
import type { DatabaseHandle } from '../platform/db.server'
import { alertKindsFor } from '../access/sections'
import { AlertChoiceSchema, alertChoiceOf, removeOtherAlertAddress, saveAlertChoice } from '../staff/alert-preferences.server'
import { createStaff } from '../staff/staff.server'
import { alertRecipientsFor, applyAlertDefaults, countAlertRecipients } from './alert-recipients.server'

const params = { ln: 10, r: 8, p: 1 }

describe.each(testDatabases())('who receives the staff e-mails ($name)', ({ open }) => {
  let handle: DatabaseHandle
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    handle = await open()
    for (const [username, role] of [
      ['boss', 'admin'],
      ['desk', 'reception'],
      ['school', 'academy'],
      ['writer', 'editor'],
    ] as const) {
      const created = await createStaff(handle.db, { username, displayName: username, role, password: 'amber-kettle-window-9' }, { params })
      expect(created.ok).toBe(true)
      const [row] = await handle.db.select({ id: staff.id }).from(staff).where(eq(staff.username, username))
      ids[username] = row!.id
    }
  })
  afterAll(async () => {
    await handle.close()
  })

  const actor = (username: string) => ({ id: ids[username]!, username })

  it('copies ALERT_EMAILS once, at the first start: a second start (or process) reads the environment no more', async () => {
    expect(await applyAlertDefaults(handle.db, ['Frontdesk@Clinic.test', 'owner@clinic.test'], 'fa')).toBe(2)
    expect(await applyAlertDefaults(handle.db, ['someone-else@clinic.test'], 'en')).toBeNull()
    const rows = await handle.db.select().from(alertRecipients)
    expect(rows.map((row) => [row.email, row.staffId, row.appointments, row.registrations, row.locale])).toEqual([
      ['Frontdesk@Clinic.test', null, true, true, 'fa'],
      ['owner@clinic.test', null, true, true, 'fa'],
    ])
    expect(await handle.db.select().from(alertDefaults)).toMatchObject([{ id: 1, addresses: 2 }])
    expect(await alertRecipientsFor(handle.db, 'appointment')).toEqual([
      { locale: 'fa', to: ['frontdesk@clinic.test', 'owner@clinic.test'] },
    ])
  })

  it('each member’s choice decides what they receive, in their language, within what their role may open', async () => {
    const choose = (
      username: string,
      choice: Partial<{ email: string; appointments: boolean; registrations: boolean; locale: 'en' | 'fa' | 'ps' }>,
    ) => {
      const role = username === 'boss' ? 'admin' : username === 'desk' ? 'reception' : username === 'school' ? 'academy' : 'editor'
      return saveAlertChoice(
        handle.db,
        actor(username),
        ids[username]!,
        { email: `${username}@clinic.test`, appointments: false, registrations: false, locale: 'en', ...choice },
        alertKindsFor(role),
      )
    }
    await choose('boss', { appointments: true, registrations: true, locale: 'ps' })
    await choose('desk', { appointments: true, locale: 'en' })
    // The academy may not open the patients list: the appointment choice is not kept.
    expect(await choose('school', { appointments: true, registrations: true, locale: 'fa' })).toMatchObject({
      appointments: false,
      registrations: true,
    })
    expect(await choose('writer', { appointments: true, registrations: true })).toMatchObject({ appointments: false, registrations: false })

    expect(await alertRecipientsFor(handle.db, 'appointment')).toEqual([
      { locale: 'en', to: ['desk@clinic.test'] },
      { locale: 'fa', to: ['frontdesk@clinic.test', 'owner@clinic.test'] },
      { locale: 'ps', to: ['boss@clinic.test'] },
    ])
    expect(await alertRecipientsFor(handle.db, 'registration')).toEqual([
      { locale: 'fa', to: ['frontdesk@clinic.test', 'owner@clinic.test', 'school@clinic.test'] },
      { locale: 'ps', to: ['boss@clinic.test'] },
    ])

    // A changed choice applies to the next e-mail; the audit log says who changed what, not the address.
    await choose('desk', { appointments: false, locale: 'en' })
    expect((await alertRecipientsFor(handle.db, 'appointment')).flatMap((group) => group.to)).not.toContain('desk@clinic.test')
    const entries = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'alert-settings'))
    expect(entries.length).toBe(5)
    expect(entries.at(-1)).toMatchObject({
      actor: 'desk',
      target: `staff:${ids.desk}`,
      details: { appointments: false, addressChanged: false },
    })
    expect(JSON.stringify(entries)).not.toContain('@clinic.test')
  })

  it('a disabled account, or one whose role no longer opens the list, receives nothing', async () => {
    await handle.db.update(staff).set({ role: 'editor' }).where(eq(staff.id, ids.boss!))
    await handle.db.update(staff).set({ disabled: true }).where(eq(staff.id, ids.school!))
    const everyone = async (kind: 'appointment' | 'registration') =>
      (await alertRecipientsFor(handle.db, kind)).flatMap((group) => group.to)
    expect(await everyone('appointment')).not.toContain('boss@clinic.test')
    expect(await everyone('registration')).not.toContain('school@clinic.test')
    await handle.db.update(staff).set({ role: 'admin' }).where(eq(staff.id, ids.boss!))
    expect(await everyone('appointment')).toContain('boss@clinic.test')
    expect(await countAlertRecipients(handle.db)).toBe(3)
  })

  it('an administrator removes an address of the first start; a staff member’s row is not removed that way', async () => {
    const [other] = await handle.db.select().from(alertRecipients).where(eq(alertRecipients.email, 'owner@clinic.test'))
    const [own] = await handle.db.select().from(alertRecipients).where(eq(alertRecipients.staffId, ids.desk!))
    expect(await removeOtherAlertAddress(handle.db, actor('boss'), own!.id)).toBe(false)
    expect(await removeOtherAlertAddress(handle.db, actor('boss'), other!.id)).toBe(true)
    expect((await alertRecipientsFor(handle.db, 'appointment')).flatMap((group) => group.to)).not.toContain('owner@clinic.test')
    expect(await alertChoiceOf(handle.db, ids.desk!)).toMatchObject({ email: 'desk@clinic.test' })
  })
})

describe('the alert form', () => {
  it('takes an address with Eastern digits, needs one when a kind is chosen, and refuses a wrong one', () => {
    expect(AlertChoiceSchema.safeParse({ email: ' desk۱@clinic.test ', appointments: 'on', locale: 'ps' }).data).toEqual({
      email: 'desk1@clinic.test',
      appointments: true,
      registrations: false,
      locale: 'ps',
    })
    expect(AlertChoiceSchema.safeParse({ email: '', locale: 'fa' }).success).toBe(true)
    expect(AlertChoiceSchema.safeParse({ email: '', registrations: 'on' }).error?.issues[0]).toMatchObject({
      path: ['email'],
      message: 'alertsEmailNeeded',
    })
    expect(AlertChoiceSchema.safeParse({ email: 'not an address', appointments: 'on' }).error?.issues[0]?.message).toBe(
      'alertsEmailInvalid',
    )
    expect(AlertChoiceSchema.safeParse({ email: 'a@b.test', locale: 'xx' }).data?.locale).toBe('en')
  })
})
