/**
 * The WhatsApp message the desk sends a patient, in the patient's language: "confirmed" with the
 * date (Solar Hijri with the Gregorian date in brackets in Dari and Pashto) and the time in Kabul
 * only once a time is confirmed; otherwise a neutral note about the request.
 */
import { formatDate, toEasternDigits } from '../i18n/dates'
import type { Locale } from '../i18n/locale'
import { isolateLtr } from '../i18n/bidi'
import { format } from '~/locales'
import { kabulParts } from './visit-time'

export interface PatientMessageTexts {
  /** Placeholders {name}, {clinic}, {date}, {time}. */
  confirmed: string
  /** Placeholders {name}, {clinic}, {date} (the preferred date). */
  request: string
  /** Placeholder {address}. */
  address: string
  /** Placeholder {phone}. */
  phone: string
}

export interface PatientMessageInput {
  locale: Locale
  name: string
  clinic: string
  /** The confirmed visit, when the appointment is confirmed. */
  confirmedFor: Date | null
  /** The preferred date, YYYY-MM-DD. */
  preferredDate: string
  address?: string
  phone?: string
}

export function patientMessageText(texts: PatientMessageTexts, input: PatientMessageInput): string {
  const { locale } = input
  const lines: string[] = []
  if (input.confirmedFor) {
    const { date, time } = kabulParts(input.confirmedFor)
    lines.push(
      format(texts.confirmed, {
        name: input.name,
        clinic: input.clinic,
        date: formatDate(date, locale),
        time: locale === 'en' ? time : toEasternDigits(time),
      }),
    )
  } else {
    lines.push(format(texts.request, { name: input.name, clinic: input.clinic, date: formatDate(input.preferredDate, locale) }))
  }
  if (input.address) lines.push(format(texts.address, { address: input.address }))
  if (input.phone) lines.push(format(texts.phone, { phone: isolateLtr(input.phone, locale) }))
  return lines.join('\n')
}
