import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabases } from '../../../tests/support/databases'
import { appointments, auditLog, loginFailures, sessions, staff } from '~db/schema'
import type { DatabaseHandle } from '../platform/db.server'
import { deleteRequestAudited, recordExport, setRequestStatusAudited } from '../requests/request-audit.server'
import { readDocument, saveDocument, VersionConflictError } from '../site/site-documents.server'
import { DEFAULT_THEME } from '../site/theme'
import { changeOwnPassword } from './account.server'
import { listAudit, recordAudit } from './audit.server'
import { createSession, readSession } from './sessions.server'
import { createStaff, resetStaffPassword, setStaffDisabled, setStaffRole, signIn, signOut } from './staff.server'

const params = { ln: 10, r: 8, p: 1 }
const PATIENT = { name: 'Zarghona Hakimi', phone: '+93701234567' }

async function entries(db: DatabaseHandle['db']) {
  return db.select().from(auditLog).orderBy(auditLog.id)
}

describe.each(testDatabases())('the audit log on $name', ({ open }) => {
  let handle: DatabaseHandle
  let admin: { id: number; username: string }
  let admin2: { id: number; username: string }
  let clerk: { id: number; username: string }

  beforeAll(async () => {
    handle = await open()
    const make = async (username: string, role: 'admin' | 'reception') => {
      const created = await createStaff(handle.db, { username, displayName: username, role, password: 'amber-kettle-window-9' }, { params })
      if (!created.ok) throw new Error(created.problem)
      return { id: created.id, username }
    }
    admin = await make('chief', 'admin')
    admin2 = await make('deputy', 'admin')
    clerk = await make('clerk', 'reception')
  })
  afterAll(async () => {
    await handle.close()
  })

  it('writes an entry with its change, and none when the change is rolled back', async () => {
    const { db } = handle
    const before = (await entries(db)).length
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, admin, 'site-save', 'document:theme')
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect((await entries(db)).length).toBe(before)

    // A real save refused by the version check leaves neither the change nor an entry.
    await saveDocument(db, 'theme', DEFAULT_THEME, admin.id)
    const saved = await entries(db)
    expect(saved.at(-1)).toMatchObject({ staffId: admin.id, actor: 'chief', action: 'site-save', target: 'document:theme' })
    await expect(saveDocument(db, 'theme', DEFAULT_THEME, admin.id, { expectedVersion: -1 })).rejects.toBeInstanceOf(VersionConflictError)
    expect((await entries(db)).length).toBe(saved.length)
    expect((await readDocument(db, 'theme'))?.version).toBeDefined()
  })

  it('records status changes, deletions and exports by kind and number, never a patient name or phone', async () => {
    const { db } = handle
    const [row] = await db
      .insert(appointments)
      .values({ ...PATIENT, date: '2030-05-01', submissionKey: 'audit-test-1' })
      .returning({ id: appointments.id })
    const id = row!.id
    expect(await setRequestStatusAudited(db, clerk, 'appointments', id, 'confirmed')).toBe(true)
    // An unknown status changes nothing and records nothing.
    const count = (await entries(db)).length
    expect(await setRequestStatusAudited(db, clerk, 'appointments', id, 'lost')).toBe(false)
    expect((await entries(db)).length).toBe(count)
    await recordExport(db, clerk, 'appointments', { status: 'confirmed', q: PATIENT.phone })
    await recordExport(db, clerk, 'appointments', { status: '', q: PATIENT.name })
    expect(await deleteRequestAudited(db, admin, 'appointments', id)).toBe(true)
    expect(await deleteRequestAudited(db, admin, 'appointments', id)).toBe(false)

    const all = await entries(db)
    const status = all.find((entry) => entry.action === 'request-status')
    expect(status).toMatchObject({ actor: 'clerk', target: `appointment:${id}`, details: { from: 'pending', to: 'confirmed' } })
    const exports = all.filter((entry) => entry.action === 'request-export')
    expect(exports.map((entry) => entry.details)).toEqual([
      { list: 'appointments', status: 'confirmed', search: true },
      { list: 'appointments', status: null, search: true },
    ])
    const deletions = all.filter((entry) => entry.action === 'request-delete')
    expect(deletions).toHaveLength(1)
    expect(deletions[0]).toMatchObject({ actor: 'chief', target: `appointment:${id}`, details: { kind: 'appointments' } })
    const stored = JSON.stringify(all)
    expect(stored).not.toContain('Zarghona')
    expect(stored).not.toContain('Hakimi')
    expect(stored).not.toContain('701234567')
  })

  it('records sign-ins, refusals for an existing account and sign-outs, never a password or an unknown username', async () => {
    const { db } = handle
    const address = '203.0.113.50'
    const ok = await signIn(db, { username: 'clerk', password: 'amber-kettle-window-9', address }, { params })
    expect(ok.ok).toBe(true)
    await signIn(db, { username: 'clerk', password: 'wrong-guess-1234', address }, { params })
    await signIn(db, { username: 'amber-kettle-window-9', password: 'x', address }, { params })
    if (ok.ok) await signOut(db, ok.token)
    const mine = (await entries(db)).filter((entry) => entry.action.startsWith('sign-'))
    expect(mine.map((entry) => [entry.action, entry.actor])).toEqual([
      ['sign-in', 'clerk'],
      ['sign-in-refused', 'clerk'],
      ['sign-out', 'clerk'],
    ])
    const stored = JSON.stringify(await entries(db))
    expect(stored).not.toContain('amber-kettle')
    expect(stored).not.toContain('wrong-guess')
  })

  it('lists newest first with keyset paging and filters by action, staff member and Kabul day', async () => {
    const { db } = handle
    // 20:00 UTC on 1 June is 00:30 on 2 June in Kabul.
    await db.insert(auditLog).values([
      { at: new Date('2031-06-01T19:00:00Z'), staffId: admin2.id, actor: 'deputy', action: 'staff-enable', target: 'staff:1' },
      { at: new Date('2031-06-01T20:00:00Z'), staffId: admin2.id, actor: 'deputy', action: 'staff-enable', target: 'staff:1' },
      { at: new Date('2031-06-02T10:00:00Z'), staffId: admin2.id, actor: 'deputy', action: 'staff-disable', target: 'staff:1' },
    ])
    const day = await listAudit(db, { from: '2031-06-02', to: '2031-06-02' })
    expect(day.entries.map((entry) => entry.at.toISOString())).toEqual(['2031-06-02T10:00:00.000Z', '2031-06-01T20:00:00.000Z'])
    const enabled = await listAudit(db, { action: 'staff-enable', staffId: admin2.id })
    expect(enabled.entries).toHaveLength(2)
    expect(enabled.entries[0]!.displayName).toBe('deputy')

    const seen: number[] = []
    let after: string | null = null
    do {
      const page = await listAudit(db, { limit: 2, after })
      seen.push(...page.entries.map((entry) => entry.id))
      after = page.nextCursor
    } while (after)
    const all = await listAudit(db, { limit: 200 })
    expect(seen).toEqual(all.entries.map((entry) => entry.id))
    expect(new Set(seen).size).toBe(seen.length)
    expect(all.entries[0]!.at.getTime()).toBeGreaterThanOrEqual(all.entries.at(-1)!.at.getTime())
  })

  it('changes roles: never one’s own, never the last administrator, and sessions see the new role at once', async () => {
    const { db } = handle
    expect(await setStaffRole(db, admin, admin.id, 'reception')).toEqual({ ok: false, problem: 'ownRole' })
    expect(await setStaffRole(db, admin, clerk.id, 'reception')).toEqual({ ok: false, problem: 'same' })
    expect(await setStaffRole(db, admin, 999_999, 'reception')).toEqual({ ok: false, problem: 'notFound' })

    const token = await createSession(db, clerk.id)
    expect((await readSession(db, token))?.role).toBe('reception')
    expect(await setStaffRole(db, admin, clerk.id, 'editor')).toEqual({ ok: true })
    expect((await readSession(db, token))?.role).toBe('editor')
    const entry = (await entries(db)).at(-1)
    expect(entry).toMatchObject({ actor: 'chief', action: 'staff-role', target: `staff:${clerk.id}` })
    expect(entry?.details).toEqual({ username: 'clerk', from: 'reception', to: 'editor' })

    // Two administrators demoting each other at the same moment: one of them stays an administrator.
    for (let round = 0; round < 5; round++) {
      await db
        .update(staff)
        .set({ role: 'admin' })
        .where(inArray(staff.id, [admin.id, admin2.id]))
      // Open connections first (on a server), so that both changes really run at once.
      await Promise.all([1, 2, 3].map(() => db.execute(sql`select pg_sleep(0.02)`)))
      const results = await Promise.all([setStaffRole(db, admin, admin2.id, 'editor'), setStaffRole(db, admin2, admin.id, 'editor')])
      expect(results.filter((result) => result.ok)).toHaveLength(1)
      expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, problem: 'lastAdmin' }])
    }
    const admins = await db.select().from(staff).where(eq(staff.role, 'admin'))
    expect(admins).toHaveLength(1)
    const [last] = admins
    // The last administrator can be neither disabled nor demoted.
    expect(await setStaffDisabled(db, last!.id, true, admin)).toEqual({ ok: false, problem: 'lastAdmin' })
    const other = last!.id === admin.id ? admin2 : admin
    expect(await setStaffRole(db, other, last!.id, 'reception')).toEqual({ ok: false, problem: 'lastAdmin' })
    // Restore both administrators for the tests that follow.
    await db.update(staff).set({ role: 'admin' }).where(eq(staff.id, other.id))
  })

  it('records account changes by administrators', async () => {
    const { db } = handle
    const created = await createStaff(
      db,
      { username: 'newcomer', displayName: 'New', role: 'academy', password: 'amber-kettle-window-9' },
      { params, actor: admin },
    )
    expect(created.ok).toBe(true)
    const id = created.ok ? created.id : 0
    await setStaffDisabled(db, id, true, admin)
    await setStaffDisabled(db, id, false, admin)
    await resetStaffPassword(db, id, 'copper-violin-meadow-7', { params, actor: admin })
    const mine = (await entries(db)).filter((entry) => entry.target === `staff:${id}`)
    expect(mine.map((entry) => entry.action)).toEqual(['staff-create', 'staff-disable', 'staff-enable', 'staff-password-reset'])
    expect(JSON.stringify(mine)).not.toContain('copper-violin')
  })

  it('changes one’s own password: the current one is checked and throttled, other sessions end, this one stays', async () => {
    const { db } = handle
    const address = '198.51.100.7'
    const here = await createSession(db, clerk.id)
    const elsewhere = await createSession(db, clerk.id)
    const change = (current: string, next: string) =>
      changeOwnPassword(db, { member: clerk, sessionToken: here, current, next, address }, { params })

    expect(await change('not-my-password', 'saffron-bridge-comet-57')).toMatchObject({ ok: false, problem: 'wrongCurrent' })
    expect((await db.select().from(loginFailures)).length).toBeGreaterThan(0)
    expect(await change('amber-kettle-window-9', 'password1234')).toEqual({ ok: false, problem: 'common' })
    expect(await change('amber-kettle-window-9', 'amber-kettle-window-9')).toEqual({ ok: false, problem: 'same' })
    expect(await change('amber-kettle-window-9', 'clerk-saffron-bridge')).toEqual({ ok: false, problem: 'containsUsername' })
    const [before] = await db.select({ at: staff.passwordChangedAt }).from(staff).where(eq(staff.id, clerk.id))

    expect(await change('amber-kettle-window-9', 'saffron-bridge-comet-57')).toEqual({ ok: true })
    expect(await readSession(db, here)).not.toBeNull()
    expect(await readSession(db, elsewhere)).toBeNull()
    expect((await db.select().from(sessions).where(eq(sessions.staffId, clerk.id))).length).toBe(1)
    const [after] = await db.select({ at: staff.passwordChangedAt }).from(staff).where(eq(staff.id, clerk.id))
    expect(after!.at.getTime()).toBeGreaterThan(before!.at.getTime())
    expect((await entries(db)).at(-1)).toMatchObject({ actor: 'clerk', action: 'password-change', target: `staff:${clerk.id}` })

    const other = '192.0.2.1'
    expect((await signIn(db, { username: 'clerk', password: 'amber-kettle-window-9', address: other }, { params })).ok).toBe(false)
    expect((await signIn(db, { username: 'clerk', password: 'saffron-bridge-comet-57', address: other }, { params })).ok).toBe(true)

    // Wrong current passwords count like failed sign-ins: past the free ones, the form waits.
    for (let i = 0; i < 6; i++) await change('still-not-my-password', 'another-fine-phrase-88')
    expect(await change('saffron-bridge-comet-57', 'another-fine-phrase-88')).toMatchObject({ ok: false, problem: 'throttled' })
  })
})
