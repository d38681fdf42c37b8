import type { Locale } from '~/lib/i18n/locale'
import { formatStaffDate, type StaffDateOptions } from '~/lib/i18n/staff-dates'

/**
 * Every date in the admin panel goes through here (lib/i18n/staff-dates.ts): Kabul time; Gregorian
 * in English, Solar Hijri in Dari and Pashto, with the Gregorian date beside it where
 * `withGregorian` asks (a request's own page). Deterministic, so the server and the browser render
 * the same text.
 */
export function adminDate(value: Date | string | null | undefined, locale: Locale, options: StaffDateOptions = {}): string {
  return formatStaffDate(value, locale, options)
}
