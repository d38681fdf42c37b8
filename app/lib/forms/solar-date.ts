/**
 * The preferred date as Dari and Pashto readers give it: a Solar Hijri day, month and year in
 * three fields (day and year typed in either Eastern or Western digits, the month picked by its
 * Afghan name). The server and the browser turn them into the Gregorian `date` the form stores,
 * so the rules for `date` (a real day, from today to a year ahead) apply unchanged.
 */
import { toLatinDigits } from '../i18n/digits'
import { solarHijriMonthLength, toGregorian, toSolarHijri } from '../i18n/solar-hijri'

/** The names of the three fields in the form. */
export const SOLAR_DATE_FIELDS = { day: 'dateDay', month: 'dateMonth', year: 'dateYear' } as const

export interface SolarDateParts {
  day: string
  month: string
  year: string
}

const pad2 = (n: number) => String(n).padStart(2, '0')

/**
 * The ISO Gregorian date of the typed Solar Hijri date: '' when nothing was given (the field's
 * "required" rule then speaks), 'invalid' when it is not a real Solar Hijri day.
 */
export function solarPartsToIsoDate({ day, month, year }: SolarDateParts): string {
  const [d, m, y] = [day, month, year].map((part) => toLatinDigits(part.trim()))
  if (!d && !m && !y) return ''
  if (![d, m, y].every((part) => /^\d{1,4}$/.test(part ?? ''))) return 'invalid'
  const [dn, mn, yn] = [Number(d), Number(m), Number(y)]
  if (yn < 1300 || yn > 1500 || mn < 1 || mn > 12 || dn < 1 || dn > solarHijriMonthLength(yn, mn)) return 'invalid'
  const g = toGregorian(yn, mn, dn)
  return `${g.year}-${pad2(g.month)}-${pad2(g.day)}`
}

/** The three fields of a stored ISO date, for filling the form again ('' parts for no date). */
export function isoDateToSolarParts(isoDate: string): SolarDateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate)
  if (!match) return { day: '', month: '', year: '' }
  const s = toSolarHijri(Number(match[1]), Number(match[2]), Number(match[3]))
  return { day: String(s.day), month: String(s.month), year: String(s.year) }
}

/**
 * The form's values with `date` made from the Solar Hijri fields, when the form has them (the
 * Dari and Pashto forms); otherwise unchanged. An invalid day becomes a value the date rule refuses.
 */
export function withSolarDate<T extends Record<string, unknown>>(values: T): T {
  const parts = {
    day: values[SOLAR_DATE_FIELDS.day],
    month: values[SOLAR_DATE_FIELDS.month],
    year: values[SOLAR_DATE_FIELDS.year],
  }
  if (typeof parts.day !== 'string' || typeof parts.month !== 'string' || typeof parts.year !== 'string') return values
  return { ...values, date: solarPartsToIsoDate(parts as SolarDateParts) }
}

/** The Solar Hijri years a booking can fall in: from today's to the one a year ahead. */
export function bookableSolarYears(todayIso: string, lastIso: string): number[] {
  const first = isoDateToSolarParts(todayIso).year
  const last = isoDateToSolarParts(lastIso).year
  const years: number[] = []
  for (let year = Number(first); year <= Number(last); year++) years.push(year)
  return years
}
