/**
 * The confirmed date and time of appointments and their history: confirming or rescheduling sets
 * the appointment's time and adds a row to appointment_schedule in one transaction.
 */
import { asc, eq } from 'drizzle-orm'
import { appointments, appointmentSchedule, staff } from '~db/schema'
import type { Database } from '../platform/db.server'
import { auditTarget, recordAuditById } from '../staff/audit.server'

export type ScheduleOutcome = { ok: true; previous: Date | null } | { ok: false; reason: 'notFound' | 'unchanged' }

/**
 * Confirms an appointment for `when`, or moves a confirmed one there. The appointment's row is
 * locked for the transaction, so two members of staff changing it at once both land in the history,
 * one after the other. A confirmed appointment moved to the time it already has is left alone.
 */
export async function scheduleVisit(
  db: Database,
  appointmentId: number,
  when: Date,
  staffId: number | null,
  now = new Date(),
): Promise<ScheduleOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: appointments.status, confirmedFor: appointments.confirmedFor })
      .from(appointments)
      .where(eq(appointments.id, appointmentId))
      .for('update')
    if (!row) return { ok: false, reason: 'notFound' } as const
    if (row.status === 'confirmed' && row.confirmedFor?.getTime() === when.getTime()) return { ok: false, reason: 'unchanged' } as const
    const statusChange = row.status === 'confirmed' ? {} : { status: 'confirmed', statusUpdatedAt: now, statusUpdatedBy: staffId }
    await tx
      .update(appointments)
      .set({ confirmedFor: when, ...statusChange })
      .where(eq(appointments.id, appointmentId))
    await tx.insert(appointmentSchedule).values({ appointmentId, confirmedFor: when, changedAt: now, changedBy: staffId })
    const target = auditTarget.request('appointments', appointmentId)
    if (row.status !== 'confirmed') await recordAuditById(tx, staffId, 'request-status', target, { from: row.status, to: 'confirmed' })
    await recordAuditById(tx, staffId, 'visit-schedule', target, { from: row.confirmedFor?.toISOString() ?? null, to: when.toISOString() })
    return { ok: true, previous: row.confirmedFor } as const
  })
}

export interface ScheduleChange {
  id: number
  changedAt: Date
  changedBy: string | null
  /** The time before this change; null for the first confirmation. */
  from: Date | null
  to: Date
}

/** Every confirmed time an appointment has had, newest change first, each with the one it replaced. */
export async function scheduleHistory(db: Database, appointmentId: number): Promise<ScheduleChange[]> {
  const rows = await db
    .select({
      id: appointmentSchedule.id,
      changedAt: appointmentSchedule.changedAt,
      changedBy: staff.displayName,
      to: appointmentSchedule.confirmedFor,
    })
    .from(appointmentSchedule)
    .leftJoin(staff, eq(staff.id, appointmentSchedule.changedBy))
    .where(eq(appointmentSchedule.appointmentId, appointmentId))
    .orderBy(asc(appointmentSchedule.id))
  return rows.map((row, index) => ({ ...row, from: index > 0 ? rows[index - 1]!.to : null })).reverse()
}

export interface AppointmentDeskFacts {
  source: string
  confirmedFor: Date | null
  /** Who entered a phone or walk-in booking. */
  createdBy: string | null
}

/** How an appointment came in, who entered it and its confirmed time; null when it does not exist. */
export async function appointmentDeskFacts(db: Database, appointmentId: number): Promise<AppointmentDeskFacts | null> {
  const [row] = await db
    .select({ source: appointments.source, confirmedFor: appointments.confirmedFor, createdBy: staff.displayName })
    .from(appointments)
    .leftJoin(staff, eq(staff.id, appointments.createdBy))
    .where(eq(appointments.id, appointmentId))
  return row ?? null
}
