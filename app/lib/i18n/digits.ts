/** Digits and numbers in English, Dari and Pashto. Kept apart from the calendar (dates.ts) so the
 * public pages' JavaScript carries only this. */
import type { Locale } from './locale'

const EASTERN_DIGITS = '۰۱۲۳۴۵۶۷۸۹'

/** Latin digits to the Eastern Arabic-Indic (Persian) digits Dari and Pashto use: '2025' → '۲۰۲۵'. */
export function toEasternDigits(value: string | number): string {
  return String(value).replace(/[0-9]/g, (d) => EASTERN_DIGITS[Number(d)]!)
}

/** Persian (۰-۹) and Arabic-Indic (٠-٩) digits to Latin: '۰۷۰۱' → '0701', '٠٧٠١' → '0701'. */
export function toLatinDigits(value: string): string {
  return value.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (d) => {
    const code = d.charCodeAt(0)
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660)
  })
}

/** The digits a language writes numbers with. */
export function localizeDigits(value: string | number, locale: Locale): string {
  return locale === 'en' ? String(value) : toEasternDigits(value)
}

/** Arabic thousands separator (U+066C) and decimal separator (U+066B), as Afghan texts use them. */
const SEPARATORS: Record<Locale, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  fa: { group: '\u066C', decimal: '\u066B' },
  ps: { group: '\u066C', decimal: '\u066B' },
}

/**
 * A number in a language: formatNumber(25000, 'en') === '25,000', formatNumber(25000, 'fa') ===
 * '۲۵٬۰۰۰'. Fractions keep up to `maximumFractionDigits` (default 2) digits, trailing zeros dropped.
 */
export function formatNumber(n: number, locale: Locale, { maximumFractionDigits = 2 }: { maximumFractionDigits?: number } = {}): string {
  if (!Number.isFinite(n)) return localizeDigits(String(n), locale)
  const { group, decimal } = SEPARATORS[locale]
  const negative = n < 0
  const fixed = Math.abs(n).toFixed(maximumFractionDigits)
  const [whole = '0', fraction = ''] = fixed.split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)
  const trimmed = fraction.replace(/0+$/, '')
  const text = (negative && Number(fixed) !== 0 ? '-' : '') + grouped + (trimmed ? decimal + trimmed : '')
  return localizeDigits(text, locale)
}
