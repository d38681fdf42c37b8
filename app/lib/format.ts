import { LOCALE_INFO, type Locale } from './i18n'

/**
 * A fee in Afghani for display: 'AFN 25,000' in English. Dari and Pashto use their own digits
 * and the Afghani sign (؋), written after the amount.
 */
export function formatAfn(amount: number, locale: Locale): string {
  if (locale === 'en') return `AFN ${new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(amount)}`
  const number = new Intl.NumberFormat(LOCALE_INFO[locale].tag, { maximumFractionDigits: 0 }).format(amount)
  return `${number} ؋`
}
