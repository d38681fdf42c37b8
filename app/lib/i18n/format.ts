import { formatNumber } from './digits'
import type { Locale } from './locale'

/** The Afghani as each language writes it after an amount. */
const AFGHANI: Record<Exclude<Locale, 'en'>, string> = { fa: 'افغانی', ps: 'افغانۍ' }

/**
 * A fee in Afghani for display: 'AFN 25,000' in English; in Dari '۲۵٬۰۰۰ افغانی' and in Pashto
 * '۲۵٬۰۰۰ افغانۍ' (Eastern digits, Afghan thousands separator, the currency's name after the
 * amount as people write it). Our own digit tables, not Intl: browsers have no Pashto number
 * data, and the server's and the browser's text must be the same.
 */
export function formatAfn(amount: number, locale: Locale): string {
  const number = formatNumber(amount, locale, { maximumFractionDigits: 0 })
  return locale === 'en' ? `AFN ${number}` : `${number} ${AFGHANI[locale]}`
}

/** How each language separates the items of a list: the Arabic comma in Dari and Pashto. */
const LIST_SEPARATOR: Record<Locale, string> = { en: ', ', fa: '، ', ps: '، ' }

/**
 * Names in a row, as a sentence's {placeholder} takes them ('Clinic Logo, Academy Logo'; in Dari
 * and Pashto with «، »). Our own separators, not Intl.ListFormat: browsers have no Pashto list data,
 * and the server's and the browser's text must be the same.
 */
export function formatList(items: readonly string[], locale: Locale): string {
  return items.join(LIST_SEPARATOR[locale])
}
