/** The appointment request form (docs/product.md#forms): one schema for the browser and the server. */
import * as z from 'zod/mini'
import {
  fieldRule,
  isCalendarDate,
  loosePhone,
  optionalEmail,
  phoneField,
  requiredText,
  tidyMultiline,
  type PhoneNormalizer,
} from './rules'
import { FIELD_LIMITS, kabulToday, oneYearLater } from './shared'
import { INCOMPLETE_SOLAR_DATE, withSolarDate } from '../i18n/solar-date'

export interface AppointmentSchemaOptions {
  /**
   * Checks a phone number and returns the form to store. The browser's default only checks that
   * it looks like a phone number; the server passes `toE164` (the full numbering plans).
   */
  phone?: PhoneNormalizer
  /** The clock, for 'not in the past' (tests set it). */
  now?: () => Date
}

/** A preferred date: a real day, not before today in Kabul, at most one year ahead. */
function preferredDateField(now: () => Date) {
  return fieldRule<string>((raw) => {
    const value = raw.trim()
    if (!value) return { error: 'dateRequired' }
    if (!isCalendarDate(value)) return { error: value === INCOMPLETE_SOLAR_DATE ? 'dateIncomplete' : 'dateInvalid' }
    const today = kabulToday(now())
    if (value < today) return { error: 'datePast' }
    if (value > oneYearLater(today)) return { error: 'dateTooFar' }
    return { value }
  })
}

const optionalMessage = fieldRule<string | null>((raw) => {
  const value = tidyMultiline(raw)
  if (value.length > FIELD_LIMITS.message) return { error: 'tooLong' }
  return { value: value || null }
})

/** The Dari and Pashto forms give the date as a Solar Hijri day, month and year: read into `date` first. */
const readSolarDate = z.transform((values: unknown) =>
  typeof values === 'object' && values !== null ? withSolarDate(values as Record<string, unknown>) : values,
)

export function createAppointmentRequestSchema({ phone = loosePhone, now = () => new Date() }: AppointmentSchemaOptions = {}) {
  return z.pipe(
    readSolarDate,
    z.object({
      name: requiredText(FIELD_LIMITS.name, 'nameRequired', 'nameTooLong'),
      phone: phoneField(phone),
      email: optionalEmail(),
      date: preferredDateField(now),
      message: optionalMessage,
    }),
  )
}

/** The appointment form's schema with the browser's quick phone check. */
export const AppointmentRequestSchema = createAppointmentRequestSchema()
