/**
 * Appointments entered at the desk (a phone call or a walk-in): the public form's rules for the
 * patient's details, the source and the patient's language, and optionally the confirmed visit at
 * once. They skip the public form's token, honeypot and rate limit: only signed-in staff get here.
 */
import { eq } from 'drizzle-orm'
import { APPOINTMENT_SOURCES, appointments, appointmentSchedule, type AppointmentSource } from '~db/schema'
import type { Database } from '../platform/db.server'
import { toE164 } from '../contact/phone.server'
import { createAppointmentRequestSchema } from '../forms/appointment'
import { FIELD_LIMITS, fieldErrors, formValues, isToken, randomToken, type FieldErrorCode } from '../forms/shared'
import { SOLAR_DATE_FIELDS, solarFieldNames } from '../i18n/solar-date'
import { readDateField } from '../i18n/staff-date-fields'
import { isLocale, type Locale } from '../i18n/locale'
import { readVisitTime, VISIT_FIELDS, type VisitTimeError } from './visit-time'

export const DESK_SOURCES = APPOINTMENT_SOURCES.filter((source) => source !== 'online') as Exclude<AppointmentSource, 'online'>[]

export const DESK_FIELDS = [
  'name',
  'phone',
  'email',
  'date',
  'message',
  'source',
  'locale',
  'confirmNow',
  VISIT_FIELDS.date,
  VISIT_FIELDS.time,
  'token',
  // Dari and Pashto staff give both dates as Solar Hijri parts (lib/i18n/solar-date.ts).
  ...Object.values(SOLAR_DATE_FIELDS),
  ...(Object.values(solarFieldNames(VISIT_FIELDS.date)) as `${typeof VISIT_FIELDS.date}${'Day' | 'Month' | 'Year'}`[]),
] as const
export type DeskField = (typeof DESK_FIELDS)[number]

/** A field's problem: a code of the public forms' messages, or of the desk's. */
export type DeskError = { scope: 'forms'; code: FieldErrorCode; max?: number } | { scope: 'desk'; code: VisitTimeError | 'sourceInvalid' }

export interface DeskBooking {
  name: string
  phone: string
  email: string | null
  date: string
  message: string | null
  source: Exclude<AppointmentSource, 'online'>
  locale: Locale
  /** The confirmed visit, when staff confirm it at once. */
  confirmedFor: Date | null
}

export type DeskBookingRead =
  | { ok: true; value: DeskBooking; token: string }
  | { ok: false; errors: Partial<Record<DeskField, DeskError>>; values: Record<DeskField, string> }

/** Reads the desk's form: the values to store, or each field's problem and what was typed. */
export function readDeskBooking(form: FormData, now: Date = new Date()): DeskBookingRead {
  const values = formValues(form, DESK_FIELDS)
  const errors: Partial<Record<DeskField, DeskError>> = {}
  const parsed = createAppointmentRequestSchema({ phone: toE164, now: () => now }).safeParse(values)
  if (!parsed.success) {
    for (const [field, code] of Object.entries(fieldErrors<DeskField>(parsed.error))) {
      errors[field as DeskField] = { scope: 'forms', code: code as FieldErrorCode, max: FIELD_LIMITS[field as keyof typeof FIELD_LIMITS] }
    }
  }
  const source = DESK_SOURCES.find((s) => s === values.source)
  if (!source) errors.source = { scope: 'desk', code: 'sourceInvalid' }
  let confirmedFor: Date | null = null
  if (values.confirmNow === 'yes') {
    const visit = readVisitTime(readDateField(form, VISIT_FIELDS.date), values.visitTime, now)
    if (visit.ok) confirmedFor = visit.value
    else for (const [field, code] of Object.entries(visit.errors)) errors[field as DeskField] = { scope: 'desk', code }
  }
  if (!parsed.success || !source || Object.keys(errors).length > 0) return { ok: false, errors, values }
  return {
    ok: true,
    value: { ...parsed.data, source, locale: isLocale(values.locale) ? values.locale : 'en', confirmedFor },
    token: isToken(values.token) ? values.token : randomToken(),
  }
}

/**
 * Stores a desk booking (confirmed, with its first schedule row, when a time was given) and returns
 * its id. The form's token makes a second press of the button find the first booking, not add one.
 */
export async function storeDeskBooking(
  db: Database,
  booking: DeskBooking,
  token: string,
  staffId: number,
  now = new Date(),
): Promise<number> {
  const submissionKey = `desk:${token}`
  return db.transaction(async (tx) => {
    const { confirmedFor, ...details } = booking
    const confirmation = confirmedFor ? { status: 'confirmed', confirmedFor, statusUpdatedAt: now, statusUpdatedBy: staffId } : {}
    const [created] = await tx
      .insert(appointments)
      .values({ ...details, ...confirmation, submissionKey, createdBy: staffId, createdAt: now })
      .onConflictDoNothing({ target: appointments.submissionKey })
      .returning({ id: appointments.id })
    if (!created) {
      const [existing] = await tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.submissionKey, submissionKey))
      return existing!.id
    }
    if (confirmedFor) {
      await tx.insert(appointmentSchedule).values({ appointmentId: created.id, confirmedFor, changedAt: now, changedBy: staffId })
    }
    return created.id
  })
}
