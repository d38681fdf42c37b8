import { formatDate } from './dates'
import type { Locale } from './locale'

/**
 * The preferred date (YYYY-MM-DD) as the success panel shows it, in the page's language:
 * '2025-03-15' → '15 March 2025' in English, '۲۵ حوت ۱۴۰۳ (۱۵ مارچ ۲۰۲۵)' in Dari (Solar Hijri with
 * the Afghan month names and the Gregorian date beside it). Own tables, so the server and the
 * browser write the same text.
 */
export function formatPreferredDate(isoDate: string, locale: Locale): string {
  return formatDate(isoDate, locale, { withGregorian: true })
}
