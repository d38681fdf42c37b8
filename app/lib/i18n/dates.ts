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
import type { Locale } from './locale'
import { type GregorianDate, gregorianWeekday, isGregorianDate, toSolarHijri } from './solar-hijri'

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
const ENGLISH_SOLAR_MONTHS = [
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
const ENGLISH_GREGORIAN_MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const

/** Weekdays in Dari, Sunday (0, as Date.getUTCDay()) to Saturday (6). */
export const DARI_WEEKDAYS = ['یکشنبه', 'دوشنبه', 'سه‌شنبه', 'چهارشنبه', 'پنجشنبه', 'جمعه', 'شنبه'] as const

/** Weekdays in Pashto, Sunday (0) to Saturday (6). */
export const PASHTO_WEEKDAYS = ['یکشنبه', 'دوشنبه', 'سه‌شنبه', 'چهارشنبه', 'پنجشنبه', 'جمعه', 'شنبه'] as const

const ENGLISH_WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

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
function gregorianMonthName(month: number, locale: Locale): string {
  return GREGORIAN_MONTHS[locale][month - 1] ?? ''
}

/** The name of a weekday (0 = Sunday) in a language. */
function weekdayName(weekday: number, locale: Locale): string {
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
  return isGregorianDate(year, month, day) ? { year, month, day } : null
}

/** Kabul keeps UTC+4:30 all year (no daylight saving), so it needs no time zone database. */
const FIXED_OFFSETS_MINUTES: Record<string, number> = { 'Asia/Kabul': 270, UTC: 0, 'Etc/UTC': 0 }

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
  return { year, month, day, hour: part('hour') % 24, minute: part('minute'), weekday: gregorianWeekday(year, month, day) }
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
    clock = parsed ? { ...parsed, hour: 0, minute: 0, weekday: gregorianWeekday(parsed.year, parsed.month, parsed.day) } : null
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

/**
 * A 'YYYY-MM-DD' calendar date in the Gregorian calendar alone, with the language's month names and
 * digits: '3 December 2026', '۳ دسمبر ۲۰۲۶' (Dari), '۳ ډسمبر ۲۰۲۶' (Pashto). Unreadable input is
 * returned as it came.
 */
export function formatGregorianDate(date: string, locale: Locale): string {
  const parsed = parseIsoDate(date)
  if (!parsed) return date
  const text = `${parsed.day} ${gregorianMonthName(parsed.month, locale)} ${parsed.year}`
  return locale === 'en' ? text : toEasternDigits(text)
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
