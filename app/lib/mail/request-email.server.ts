/**
 * The staff e-mail about a new request, rendered from the request row when it is sent (the outbox
 * copies no patient data). It goes to staff addresses only; the subject, which phones show on
 * the lock screen, names no one and shows no request number (docs/product.md#request-numbers).
 */
import { eq } from 'drizzle-orm'
import { appointments, registrations } from '~db/schema'
import { formatPreferredDate } from '../i18n/format-date'
import { formatStaffDate } from '../i18n/staff-dates'
import { registrationCourseName } from '../forms/course-choices.server'
import { LIST_PATH } from '../access/sections'
import type { Database } from '../platform/db.server'
import type { DeskKind } from '../desk-events/desk-events'
import type { Locale } from '../i18n/locale'
import { format, messagesFor } from '~/locales'

export interface RenderedEmail {
  subject: string
  text: string
}

/**
 * The e-mail about request `id` of `kind` in the staff's language (dates in Solar Hijri with the
 * Gregorian beside in Dari and Pashto), or null when the request no longer exists.
 */
export async function renderRequestEmail(
  db: Database,
  kind: DeskKind,
  id: number,
  publicUrl: string,
  locale: Locale = 'en',
): Promise<RenderedEmail | null> {
  const messages = messagesFor(locale)
  const t = messages.admin.deskAlerts.email
  const link = `${publicUrl}${kind === 'appointment' ? LIST_PATH.appointments : LIST_PATH.registrations}/${id}`
  let lines: Array<[string, string | null]>
  let received: Date
  if (kind === 'appointment') {
    const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).limit(1)
    if (!row) return null
    received = row.createdAt
    lines = [
      [t.name, row.name],
      [t.phone, row.phone],
      [t.email, row.email],
      [t.preferredDate, formatPreferredDate(row.date, locale)],
      [t.message, row.message],
    ]
  } else {
    const [row] = await db.select().from(registrations).where(eq(registrations.id, id)).limit(1)
    if (!row) return null
    received = row.createdAt
    lines = [
      [t.name, row.name],
      [t.phone, row.phone],
      [t.email, row.email],
      [t.course, registrationCourseName(row.course, row.courseNames, locale)],
    ]
  }
  // The subject says when the request came, not the database's row number: that sequence skips
  // (a retried or refused submission uses a number up), and staff read a gap as a lost request.
  const subject = format(kind === 'appointment' ? t.appointmentSubject : t.registrationSubject, {
    time: formatStaffDate(received, locale, { withTime: true }),
  })
  const body = [
    kind === 'appointment' ? t.appointmentIntro : t.registrationIntro,
    '',
    ...lines.filter(([, value]) => value).map(([label, value]) => `${label}: ${value!.replace(/[\r\n]+/g, ' ')}`),
    '',
    format(t.open, { link }),
    '',
    t.footer,
  ]
  return { subject, text: body.join('\n') }
}
