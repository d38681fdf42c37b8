/**
 * Dates and numbers for English, Dari and Pashto readers.
 *
 * Dari and Pashto readers get the Solar Hijri calendar (the Afghan calendar: the same years and
 * month lengths as the Iranian one, with the Afghan month names Hamal, Sawr, Jawza, ...) and
 * Eastern Arabic-Indic digits, with the Gregorian date beside it where a date matters.
 *
 * Everything here is plain arithmetic and the project's own name tables, never the runtime's
 * locale data, so the server and every browser produce exactly the same text (no hydration
 * mismatch) and Pashto, which browsers do not format, works everywhere.
 */
import type { Locale } from './i18n'

// ---------------------------------------------------------------------------------------------
// Solar Hijri <-> Gregorian (the jalaali-js algorithm by Borkowski/Shariat, re-implemented)
// ---------------------------------------------------------------------------------------------

/** Years in which the 33-year leap cycle breaks; valid for Solar Hijri years -61 to 3177. */
const BREAKS = [-61, 9, 38, 199, 426, 686, 756, 818, 1111, 1181, 1210, 1635, 2060, 2097, 2192, 2262, 2324, 2394, 2456, 3178] as const

const div = (a: number, b: number) => Math.trunc(a / b)
const mod = (a: number, b: number) => a - Math.trunc(a / b) * b

export interface SolarHijriDate {
  year: number
  /** 1 = Hamal ... 12 = Hoot */
  month: number
  day: number
}

export interface GregorianDate {
  year: number
  /** 1 = January ... 12 = December */
  month: number
  day: number
}

/** Leap information for a Solar Hijri year: the Gregorian year it starts in and its March day. */
function solarHijriCalendar(jy: number): { leap: number; gy: number; march: number } {
  const last = BREAKS[BREAKS.length - 1]!
  if (!Number.isInteger(jy) || jy < BREAKS[0] || jy >= last) {
    throw new RangeError(`Solar Hijri year out of range: ${jy}`)
  }
  const gy = jy + 621
  let leapJ = -14
  let jp: number = BREAKS[0]
  let jump = 0
  for (let i = 1; i < BREAKS.length; i += 1) {
    const jm = BREAKS[i]!
    jump = jm - jp
    if (jy < jm) break
    leapJ += div(jump, 33) * 8 + div(mod(jump, 33), 4)
    jp = jm
  }
  let n = jy - jp
  leapJ += div(n, 33) * 8 + div(mod(n, 33) + 3, 4)
  if (mod(jump, 33) === 4 && jump - n === 4) leapJ += 1
  const leapG = div(gy, 4) - div((div(gy, 100) + 1) * 3, 4) - 150
  const march = 20 + leapJ - leapG
  if (jump - n < 6) n = n - jump + div(jump + 4, 33) * 33
  let leap = mod(mod(n + 1, 33) - 1, 4)
  if (leap === -1) leap = 4
  return { leap, gy, march }
}

/** Julian Day Number of a Gregorian date. */
function gregorianToJdn(gy: number, gm: number, gd: number): number {
  let d = div((gy + div(gm - 8, 6) + 100100) * 1461, 4) + div(153 * mod(gm + 9, 12) + 2, 5) + gd - 34840408
  d = d - div(div(gy + 100100 + div(gm - 8, 6), 100) * 3, 4) + 752
  return d
}

function jdnToGregorian(jdn: number): GregorianDate {
  let j = 4 * jdn + 139361631
  j = j + div(div(4 * jdn + 183187720, 146097) * 3, 4) * 4 - 3908
  const i = div(mod(j, 1461), 4) * 5 + 308
  const day = div(mod(i, 153), 5) + 1
  const month = mod(div(i, 153), 12) + 1
  const year = div(j, 1461) - 100100 + div(8 - month, 6)
  return { year, month, day }
}

function solarHijriToJdn(jy: number, jm: number, jd: number): number {
  const { gy, march } = solarHijriCalendar(jy)
  return gregorianToJdn(gy, 3, march) + (jm - 1) * 31 - div(jm, 7) * (jm - 7) + jd - 1
}

function jdnToSolarHijri(jdn: number): SolarHijriDate {
  const gy = jdnToGregorian(jdn).year
  let year = gy - 621
  const { leap, march } = solarHijriCalendar(year)
  let k = jdn - gregorianToJdn(gy, 3, march)
  if (k >= 0) {
    if (k <= 185) return { year, month: 1 + div(k, 31), day: mod(k, 31) + 1 }
    k -= 186
  } else {
    year -= 1
    k += 179
    if (leap === 1) k += 1
  }
  return { year, month: 7 + div(k, 30), day: mod(k, 30) + 1 }
}

/** The Solar Hijri date of a Gregorian calendar date: (2025, 3, 21) → 1404-01-01 (1 Hamal 1404). */
export function toSolarHijri(year: number, month: number, day: number): SolarHijriDate {
  assertGregorian(year, month, day)
  return jdnToSolarHijri(gregorianToJdn(year, month, day))
}

/** The Gregorian date of a Solar Hijri date: (1404, 1, 1) → 2025-03-21. */
export function toGregorian(year: number, month: number, day: number): GregorianDate {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Month out of range: ${month}`)
  if (!Number.isInteger(day) || day < 1 || day > solarHijriMonthLength(year, month)) {
    throw new RangeError(`Day out of range: ${year}-${month}-${day}`)
  }
  return jdnToGregorian(solarHijriToJdn(year, month, day))
}

/** Whether a Solar Hijri year has 366 days (its last month, Hoot, then has 30 days). */
export function isSolarHijriLeapYear(year: number): boolean {
  return solarHijriCalendar(year).leap === 0
}

/** Days in a Solar Hijri month: 31 for the first six, 30 for the next five, 29 or 30 for Hoot. */
export function solarHijriMonthLength(year: number, month: number): number {
  if (month <= 6) return 31
  if (month <= 11) return 30
  return isSolarHijriLeapYear(year) ? 30 : 29
}

function assertGregorian(year: number, month: number, day: number) {
  if (![year, month, day].every(Number.isInteger) || month < 1 || month > 12 || day < 1) {
    throw new RangeError(`Invalid date: ${year}-${month}-${day}`)
  }
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
  if (day > lengths[month - 1]!) throw new RangeError(`Invalid date: ${year}-${month}-${day}`)
}

// ---------------------------------------------------------------------------------------------
// Name tables
// ---------------------------------------------------------------------------------------------

/** The Afghan Solar Hijri months in Dari, Hamal (1) to Hoot (12). */
// prettier-ignore
export const DARI_SOLAR_MONTHS = [
  'حمل', 'ثور', 'جوزا', 'سرطان', 'اسد', 'سنبله', 'میزان', 'عقرب', 'قوس', 'جدی', 'دلو', 'حوت',
] as const

/** The Afghan Solar Hijri months in Pashto, Wray (1) to Kab (12). */
// prettier-ignore
export const PASHTO_SOLAR_MONTHS = [
  'وری', 'غویی', 'غبرګولی', 'چنګاښ', 'زمری', 'وږی', 'تله', 'لړم', 'لیندۍ', 'مرغومی', 'سلواغه', 'کب',
] as const

/** The same months transliterated, for English text that names a Solar Hijri date. */
// prettier-ignore
export const ENGLISH_SOLAR_MONTHS = [
  'Hamal', 'Sawr', 'Jawza', 'Saratan', 'Asad', 'Sonbola', 'Mizan', 'Aqrab', 'Qaws', 'Jadi', 'Dalw', 'Hoot',
] as const

/** Gregorian months as Afghan Dari writes them. */
// prettier-ignore
export const DARI_GREGORIAN_MONTHS = [
  'جنوری', 'فبروری', 'مارچ', 'اپریل', 'می', 'جون', 'جولای', 'اگست', 'سپتمبر', 'اکتوبر', 'نومبر', 'دسمبر',
] as const

/** Gregorian months as Afghan Pashto writes them. */
// prettier-ignore
export const PASHTO_GREGORIAN_MONTHS = [
  'جنوري', 'فبروري', 'مارچ', 'اپرېل', 'مې', 'جون', 'جولای', 'اګست', 'سپتمبر', 'اکتوبر', 'نومبر', 'ډسمبر',
] as const

// prettier-ignore
export const ENGLISH_GREGORIAN_MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const

/** Weekdays in Dari, Sunday (0, as Date.getUTCDay()) to Saturday (6). */
export const DARI_WEEKDAYS = ['یکشنبه', 'دوشنبه', 'سه‌شنبه', 'چهارشنبه', 'پنجشنبه', 'جمعه', 'شنبه'] as const

/** Weekdays in Pashto, Sunday (0) to Saturday (6). */
export const PASHTO_WEEKDAYS = ['یکشنبه', 'دوشنبه', 'سه‌شنبه', 'چهارشنبه', 'پنجشنبه', 'جمعه', 'شنبه'] as const

export const ENGLISH_WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

const SOLAR_MONTHS: Record<Locale, readonly string[]> = {
  en: ENGLISH_SOLAR_MONTHS,
  fa: DARI_SOLAR_MONTHS,
  ps: PASHTO_SOLAR_MONTHS,
}
const GREGORIAN_MONTHS: Record<Locale, readonly string[]> = {
  en: ENGLISH_GREGORIAN_MONTHS,
  fa: DARI_GREGORIAN_MONTHS,
  ps: PASHTO_GREGORIAN_MONTHS,
}
const WEEKDAYS: Record<Locale, readonly string[]> = {
  en: ENGLISH_WEEKDAYS,
  fa: DARI_WEEKDAYS,
  ps: PASHTO_WEEKDAYS,
}

/** The name of a Solar Hijri month (1-12) in a language. */
export function solarMonthName(month: number, locale: Locale): string {
  return SOLAR_MONTHS[locale][month - 1] ?? ''
}

/** The name of a Gregorian month (1-12) in a language. */
export function gregorianMonthName(month: number, locale: Locale): string {
  return GREGORIAN_MONTHS[locale][month - 1] ?? ''
}

/** The name of a weekday (0 = Sunday) in a language. */
export function weekdayName(weekday: number, locale: Locale): string {
  return WEEKDAYS[locale][weekday] ?? ''
}

// Digits and numbers live in ./digits (public pages need them without the calendar code).
export { formatNumber, localizeDigits, toEasternDigits, toLatinDigits } from './digits'
import { toEasternDigits, toLatinDigits } from './digits'

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

export const DEFAULT_TIME_ZONE = 'Asia/Kabul'

interface WallClock extends GregorianDate {
  hour: number
  minute: number
  weekday: number
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Reads a 'YYYY-MM-DD' calendar date; null when it is not a real date. */
export function parseIsoDate(value: string): GregorianDate | null {
  const match = ISO_DATE.exec(toLatinDigits(value.trim()))
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  try {
    assertGregorian(year, month, day)
  } catch {
    return null
  }
  return { year, month, day }
}

/** Kabul keeps UTC+4:30 all year (no daylight saving), so it needs no time zone database. */
const FIXED_OFFSETS_MINUTES: Record<string, number> = { 'Asia/Kabul': 270, UTC: 0, 'Etc/UTC': 0 }

function weekdayOf(year: number, month: number, day: number): number {
  // JDN 0 was a Monday; (jdn + 1) % 7 gives 0 = Sunday.
  return mod(gregorianToJdn(year, month, day) + 1, 7)
}

function wallClock(date: Date, timeZone: string): WallClock {
  const fixed = FIXED_OFFSETS_MINUTES[timeZone]
  if (fixed !== undefined) {
    const shifted = new Date(date.getTime() + fixed * 60_000)
    return {
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
      hour: shifted.getUTCHours(),
      minute: shifted.getUTCMinutes(),
      weekday: shifted.getUTCDay(),
    }
  }
  // Other zones: only numeric parts are read, which do not depend on locale data.
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(date)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const [year, month, day] = [part('year'), part('month'), part('day')]
  return { year, month, day, hour: part('hour') % 24, minute: part('minute'), weekday: weekdayOf(year, month, day) }
}

/** Today's calendar date in a time zone as 'YYYY-MM-DD' (Kabul by default). */
export function isoDateIn(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const { year, month, day } = wallClock(date, timeZone)
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

export interface FormatDateOptions {
  /** Dari/Pashto: add the Gregorian date in brackets after the Solar Hijri one (default true). */
  withGregorian?: boolean
  /** Add the time of day (24-hour clock). Only for Date values. */
  withTime?: boolean
  /** Add the weekday name. */
  withWeekday?: boolean
  /** The zone a Date is shown in; default Asia/Kabul. Ignored for 'YYYY-MM-DD' strings. */
  timeZone?: string
}

const pad2 = (n: number) => String(n).padStart(2, '0')

/**
 * A date for a reader of the given language.
 *  - en: '21 March 2025' (Gregorian, fixed format)
 *  - fa: '۱ حمل ۱۴۰۴ (۲۱ مارچ ۲۰۲۵)'
 *  - ps: '۱ وری ۱۴۰۴ (۲۱ مارچ ۲۰۲۵)'
 * A 'YYYY-MM-DD' string is a calendar date (no time zone); a Date is shown in `timeZone`.
 * An unreadable string is returned as it came, so user input is never lost.
 */
export function formatDate(date: Date | string, locale: Locale, options: FormatDateOptions = {}): string {
  const { withGregorian = true, withTime = false, withWeekday = false, timeZone = DEFAULT_TIME_ZONE } = options
  let clock: WallClock | null
  if (typeof date === 'string') {
    const parsed = parseIsoDate(date)
    clock = parsed ? { ...parsed, hour: 0, minute: 0, weekday: weekdayOf(parsed.year, parsed.month, parsed.day) } : null
  } else {
    clock = Number.isNaN(date.getTime()) ? null : wallClock(date, timeZone)
  }
  if (!clock) return typeof date === 'string' ? date : ''

  const time = withTime && typeof date !== 'string' ? `${pad2(clock.hour)}:${pad2(clock.minute)}` : ''
  const weekday = withWeekday ? weekdayName(clock.weekday, locale) : ''
  const gregorian = `${clock.day} ${gregorianMonthName(clock.month, locale)} ${clock.year}`

  if (locale === 'en') {
    return (weekday ? `${weekday}, ` : '') + gregorian + (time ? `, ${time}` : '')
  }
  const solar = toSolarHijri(clock.year, clock.month, clock.day)
  let text = `${solar.day} ${solarMonthName(solar.month, locale)} ${solar.year}`
  if (weekday) text = `${weekday}، ${text}`
  if (withGregorian) text += ` (${gregorian})`
  if (time) text += `، ${time}`
  return toEasternDigits(text)
}

/** The calendar year of a date: Solar Hijri for Dari and Pashto, Gregorian for English. */
export function calendarYear(date: Date | string, locale: Locale, timeZone: string = DEFAULT_TIME_ZONE): number {
  const parsed = typeof date === 'string' ? parseIsoDate(date) : wallClock(date, timeZone)
  if (!parsed) throw new RangeError(`Invalid date: ${String(date)}`)
  return locale === 'en' ? parsed.year : toSolarHijri(parsed.year, parsed.month, parsed.day).year
}

/**
 * The current year for a footer: '2025' in English, '۱۴۰۴' in Dari and Pashto.
 * With `withGregorian`, Dari/Pashto add the Gregorian year: '۱۴۰۴ (۲۰۲۵)'.
 */
export function formatYear(date: Date | string, locale: Locale, { withGregorian = false } = {}): string {
  const gregorian = calendarYear(date, 'en')
  if (locale === 'en') return String(gregorian)
  const solar = calendarYear(date, locale)
  return toEasternDigits(withGregorian ? `${solar} (${gregorian})` : String(solar))
}
