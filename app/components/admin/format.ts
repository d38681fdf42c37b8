import { formatDate } from '~/lib/i18n/dates'
import type { Locale } from '~/lib/i18n/locale'

/**
 * Every date in the admin panel goes through here: Gregorian in English, Solar Hijri with the
 * Gregorian date beside it in Dari and Pashto, Kabul time. Deterministic, so the server and the
 * browser render the same text.
 */
export function adminDate(value: Date | string | null | undefined, locale: Locale, { withTime = false } = {}): string {
  if (value === null || value === undefined) return ''
  return formatDate(value, locale, { withTime })
}
