import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabases } from '../../../tests/support/databases'
import { createTestStaff } from '../../../tests/support/staff'
import { appointments, appointmentSchedule, auditLog } from '~db/schema'
import type { DatabaseHandle } from '../platform/db.server'
import { deleteRequest } from './requests.server'
import { appointmentDeskFacts, scheduleHistory, scheduleVisit } from './schedule.server'
import { kabulInstant } from './visit-time'

describe.each(testDatabases())('confirmed visits on $name', ({ open }) => {
  let handle: DatabaseHandle
  let staffId = 0
  let n = 0
  beforeAll(async () => {
    handle = await open()
    staffId = await createTestStaff(handle.db)
  })
  afterAll(async () => {
    await handle.close()
  })

  async function newAppointment(): Promise<number> {
    const [row] = await handle.db
      .insert(appointments)
      .values({ name: 'Patient', phone: '+93700000000', date: '2026-12-01', submissionKey: `s${++n}` })
      .returning({ id: appointments.id })
    return row!.id
  }

  it('confirms at a time entered in Kabul: 2026-12-01 09:00 is stored as 04:30 UTC, with a history row', async () => {
    const id = await newAppointment()
    expect(await scheduleVisit(handle.db, id, kabulInstant('2026-12-01', '09:00'), staffId)).toEqual({ ok: true, previous: null })
    const [stored] = await handle.db
      .select({
        utc: sql<string>`to_char(${appointments.confirmedFor} at time zone 'UTC', 'YYYY-MM-DD HH24:MI')`,
        status: appointments.status,
      })
      .from(appointments)
      .where(eq(appointments.id, id))
    expect(stored).toEqual({ utc: '2026-12-01 04:30', status: 'confirmed' })
    const facts = await appointmentDeskFacts(handle.db, id)
    expect(facts).toMatchObject({ source: 'online', confirmedFor: new Date('2026-12-01T04:30:00Z'), createdBy: null })
    const rows = await handle.db.select().from(appointmentSchedule).where(eq(appointmentSchedule.appointmentId, id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ confirmedFor: new Date('2026-12-01T04:30:00Z'), changedBy: staffId })
    // The audit log has the status change and the time, in the same transaction.
    const entries = await handle.db
      .select({ action: auditLog.action, details: auditLog.details, staffId: auditLog.staffId })
      .from(auditLog)
      .where(eq(auditLog.target, `appointment:${id}`))
      .orderBy(auditLog.id)
    expect(entries).toEqual([
      { action: 'request-status', details: { from: 'pending', to: 'confirmed' }, staffId },
      { action: 'visit-schedule', details: { from: null, to: '2026-12-01T04:30:00.000Z' }, staffId },
    ])
  })

  it('reschedules: each change adds a row, and the history says when, who, from and to', async () => {
    const id = await newAppointment()
    const first = kabulInstant('2026-12-01', '09:00')
    const second = kabulInstant('2026-12-02', '10:30')
    const third = kabulInstant('2026-12-03', '14:15')
    await scheduleVisit(handle.db, id, first, staffId, new Date('2026-11-20T05:00:00Z'))
    expect(await scheduleVisit(handle.db, id, second, staffId, new Date('2026-11-21T05:00:00Z'))).toEqual({ ok: true, previous: first })
    await scheduleVisit(handle.db, id, third, null, new Date('2026-11-22T05:00:00Z'))
    const history = await scheduleHistory(handle.db, id)
    expect(history.map(({ from, to, changedBy }) => ({ from, to, changedBy }))).toEqual([
      { from: second, to: third, changedBy: null },
      { from: first, to: second, changedBy: 'Desk Person' },
      { from: null, to: first, changedBy: 'Desk Person' },
    ])
    expect(history[0]!.changedAt).toEqual(new Date('2026-11-22T05:00:00Z'))
    expect((await appointmentDeskFacts(handle.db, id))!.confirmedFor).toEqual(third)
  })

  it('leaves a confirmed appointment moved to its own time alone, and refuses an unknown one', async () => {
    const id = await newAppointment()
    const when = kabulInstant('2026-12-05', '11:00')
    await scheduleVisit(handle.db, id, when, staffId)
    expect(await scheduleVisit(handle.db, id, when, staffId)).toEqual({ ok: false, reason: 'unchanged' })
    expect(await scheduleHistory(handle.db, id)).toHaveLength(1)
    expect(await scheduleVisit(handle.db, 999_999, when, staffId)).toEqual({ ok: false, reason: 'notFound' })
    expect(await appointmentDeskFacts(handle.db, 999_999)).toBeNull()
  })

  it('a cancelled appointment confirmed again at the same time counts as a change', async () => {
    const id = await newAppointment()
    const when = kabulInstant('2026-12-06', '11:00')
    await scheduleVisit(handle.db, id, when, staffId)
    await handle.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, id))
    expect(await scheduleVisit(handle.db, id, when, staffId)).toEqual({ ok: true, previous: when })
    expect(await scheduleHistory(handle.db, id)).toHaveLength(2)
  })

  it('loses no history when two people reschedule at the same moment', async () => {
    const id = await newAppointment()
    const times = ['09:00', '09:05', '09:10', '09:15', '09:20'].map((time) => kabulInstant('2026-12-07', time))
    const outcomes = await Promise.all(times.map((when) => scheduleVisit(handle.db, id, when, staffId)))
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true)
    const history = await scheduleHistory(handle.db, id)
    expect(history).toHaveLength(5)
    // Each change names the time it replaced: the chain has no gap.
    const chain = [...history].reverse()
    chain.forEach((change, index) => expect(change.from).toEqual(index === 0 ? null : chain[index - 1]!.to))
    expect((await appointmentDeskFacts(handle.db, id))!.confirmedFor).toEqual(chain.at(-1)!.to)
  })

  it('deleting the appointment deletes its history', async () => {
    const id = await newAppointment()
    await scheduleVisit(handle.db, id, kabulInstant('2026-12-08', '09:00'), staffId)
    expect(await deleteRequest(handle.db, 'appointments', id)).toBe(true)
    expect(await handle.db.select().from(appointmentSchedule).where(eq(appointmentSchedule.appointmentId, id))).toEqual([])
  })
})
