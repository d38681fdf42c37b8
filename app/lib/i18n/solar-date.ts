/**
 * The preferred date as Dari and Pashto readers give it: a Solar Hijri day, month and year in
 * three fields (day and year typed in either Eastern or Western digits, the month picked by its
 * Afghan name). The schema turns them into the Gregorian `date` the form stores, in the browser and
 * on the server alike, so the rules for `date` (a real day, from today to a year ahead) apply unchanged.
 */
import { toLatinDigits } from './digits'
import { solarHijriMonthLength, toGregorian, toSolarHijri } from './solar-hijri'

export type SolarDatePart = 'day' | 'month' | 'year'

/**
 * The names of the three fields of a date field named `name`: 'date' → dateDay, dateMonth, dateYear
 * (the public form); the staff panel's 'visitDate', 'from', 'to' and 'day' the same way.
 */
export function solarFieldNames(name: string): Record<SolarDatePart, string> {
  return { day: `${name}Day`, month: `${name}Month`, year: `${name}Year` }
}

/** The names of the three fields of the public forms' preferred date. */
export const SOLAR_DATE_FIELDS = solarFieldNames('date') as { day: 'dateDay'; month: 'dateMonth'; year: 'dateYear' }

/** The parts in the order they are read and shown: day, month, year. */
export const SOLAR_DATE_PARTS: readonly SolarDatePart[] = ['day', 'month', 'year']

export interface SolarDateParts {
  day: string
  month: string
  year: string
}

/** What `solarPartsToIsoDate` gives for a date with a part left out (the date rule says so). */
export const INCOMPLETE_SOLAR_DATE = 'incomplete'

/** The years the form reads (the calendar tables go much further; no booking is that far). */
const FIRST_YEAR = 1300
const LAST_YEAR = 1500

const pad2 = (n: number) => String(n).padStart(2, '0')
const clean = (part: string) => toLatinDigits(part.trim())

/** A part as a number in its range, or null: the day within 1-31, the month 1-12, the year within the tables. */
function partNumber(part: SolarDatePart, value: string): number | null {
  if (!/^\d{1,4}$/.test(value)) return null
  const n = Number(value)
  const [min, max] = part === 'day' ? [1, 31] : part === 'month' ? [1, 12] : [FIRST_YEAR, LAST_YEAR]
  return n >= min && n <= max ? n : null
}

/**
 * The ISO Gregorian date of the typed Solar Hijri date: '' when no day and no month were given
 * (the field's "required" rule then speaks; the year list always has a year chosen, so a year
 * alone is no answer), INCOMPLETE_SOLAR_DATE when a part is missing, 'invalid' when it is not a
 * real Solar Hijri day.
 */
export function solarPartsToIsoDate(parts: SolarDateParts): string {
  const [d, m, y] = SOLAR_DATE_PARTS.map((part) => clean(parts[part]))
  if (!d && !m) return ''
  if (!d || !m || !y) return INCOMPLETE_SOLAR_DATE
  const [dn, mn, yn] = [partNumber('day', d), partNumber('month', m), partNumber('year', y)]
  if (dn === null || mn === null || yn === null || dn > solarHijriMonthLength(yn, mn)) return 'invalid'
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

/** The Solar Hijri parts of the date field `name` in a form's values ('' for what it does not have). */
export function solarPartsOf(values: Partial<Record<string, unknown>>, name = 'date'): SolarDateParts {
  const names = solarFieldNames(name)
  const part = (field: string) => {
    const value = values[field]
    return typeof value === 'string' ? value : ''
  }
  return { day: part(names.day), month: part(names.month), year: part(names.year) }
}

/**
 * The form's values with `date` made from the Solar Hijri fields when any of them has a value (the
 * Dari and Pashto forms always send a year); otherwise unchanged, so the English form's `date` is
 * read as it came. An invalid day becomes a value the date rule refuses.
 */
export function withSolarDate<T extends Record<string, unknown>>(values: T): T {
  const parts = solarPartsOf(values)
  if (SOLAR_DATE_PARTS.every((part) => !parts[part].trim())) return values
  return { ...values, date: solarPartsToIsoDate(parts) }
}

/**
 * The parts to mark invalid (and the first to focus) for the date's error: the missing parts of a
 * date left empty or incomplete, the unreadable parts of an invalid one (the day, when each part
 * is fine but the month is shorter), and every part of a real day outside the bookable range.
 */
export function solarDateFaults(parts: SolarDateParts, error: string | undefined): SolarDatePart[] {
  if (!error) return []
  const values = { day: clean(parts.day), month: clean(parts.month), year: clean(parts.year) }
  if (error === 'dateRequired' || error === 'dateIncomplete') {
    const missing = SOLAR_DATE_PARTS.filter((part) => !values[part])
    return missing.length > 0 ? missing : ['day']
  }
  if (error === 'dateInvalid') {
    const unreadable = SOLAR_DATE_PARTS.filter((part) => partNumber(part, values[part]) === null)
    return unreadable.length > 0 ? unreadable : ['day']
  }
  return [...SOLAR_DATE_PARTS]
}

/** The Solar Hijri years a booking can fall in: from today's to the one a year ahead. */
export function bookableSolarYears(todayIso: string, lastIso: string): number[] {
  const first = isoDateToSolarParts(todayIso).year
  const last = isoDateToSolarParts(lastIso).year
  const years: number[] = []
  for (let year = Number(first); year <= Number(last); year++) years.push(year)
  return years
}
