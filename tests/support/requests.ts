import { appointments, registrations } from '~db/schema'
import type { Database } from '~/lib/platform/db.server'

/**
 * One appointment request and one course registration, stored as the public forms would store them,
 * for tests that need a request of each kind to act on; returns their ids.
 */
export async function seedRequestPair(
  db: Database,
  names: { patient: string; student: string } = { patient: 'Patient', student: 'Student' },
): Promise<{ appointmentId: number; registrationId: number }> {
  const [appointment] = await db
    .insert(appointments)
    .values({ name: names.patient, phone: '+93700000000', date: '2030-01-01', submissionKey: 'a' })
    .returning({ id: appointments.id })
  const [registration] = await db
    .insert(registrations)
    .values({
      name: names.student,
      phone: '+93700000001',
      email: 's@example.org',
      address: 'K',
      education: 'E',
      course: 'cpr',
      submissionKey: 'r',
    })
    .returning({ id: registrations.id })
  return { appointmentId: appointment!.id, registrationId: registration!.id }
}
