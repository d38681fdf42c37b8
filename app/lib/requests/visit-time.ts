/**
 * The confirmed date and time of a visit as staff enter it: a day and a time of day in Kabul
 * (UTC+4:30 all year, no daylight saving), within the clinic's hours, in steps of five minutes
 * (docs/product.md#requests). Plain code, shared by the browser and the server.
 */
import { toLatinDigits } from '../i18n/digits'
import { gregorianWeekday } from '../i18n/solar-hijri'
import { parseIsoDate } from '../i18n/dates'
import { kabulToday, oneYearLater } from '../forms/shared'
import { OPENING_HOURS } from '../site/site-data'

/** Kabul's offset from UTC, in minutes. */
const KABUL_OFFSET_MINUTES = 270
export const VISIT_STEP_MINUTES = 5

/** The form fields of a visit's date and time. */
export const VISIT_FIELDS = { date: 'visitDate', time: 'visitTime' } as const

export type VisitTimeError =
  | 'dateRequired'
  | 'dateInvalid'
  | 'datePast'
  | 'dateTooFar'
  | 'closedDay'
  | 'timeRequired'
  | 'timeInvalid'
  | 'timeStep'
  | 'timeOutsideHours'

export type VisitTimeResult =
  { ok: true; value: Date } | { ok: false; errors: Partial<Record<(typeof VISIT_FIELDS)[keyof typeof VISIT_FIELDS], VisitTimeError>> }

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
const pad2 = (n: number) => String(n).padStart(2, '0')

/** The first and the last time a visit may start ('08:00' and '16:55' for hours of 8 to 5). */
export function visitTimeRange(): { first: string; last: string } {
  const last = minutesOf(OPENING_HOURS.closes) - VISIT_STEP_MINUTES
  return { first: OPENING_HOURS.opens, last: `${pad2(Math.floor(last / 60))}:${pad2(last % 60)}` }
}

/** The instant of a day ('YYYY-MM-DD') and time ('HH:MM') on the clocks of Kabul. */
export function kabulInstant(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day, 0, minutesOf(time) - KABUL_OFFSET_MINUTES))
}

/** The day and time an instant shows on the clocks of Kabul. */
export function kabulParts(instant: Date): { date: string; time: string } {
  const shifted = new Date(instant.getTime() + KABUL_OFFSET_MINUTES * 60_000)
  return {
    date: `${shifted.getUTCFullYear()}-${pad2(shifted.getUTCMonth() + 1)}-${pad2(shifted.getUTCDate())}`,
    time: `${pad2(shifted.getUTCHours())}:${pad2(shifted.getUTCMinutes())}`,
  }
}

function readDate(raw: string, now: Date): { value: string } | { error: VisitTimeError } {
  const value = toLatinDigits(raw.trim())
  if (!value) return { error: 'dateRequired' }
  if (!parseIsoDate(value)) return { error: 'dateInvalid' }
  const today = kabulToday(now)
  if (value < today) return { error: 'datePast' }
  if (value > oneYearLater(today)) return { error: 'dateTooFar' }
  const [year, month, day] = value.split('-').map(Number) as [number, number, number]
  if ((OPENING_HOURS.closedDays as readonly number[]).includes(gregorianWeekday(year, month, day))) return { error: 'closedDay' }
  return { value }
}

function readTime(raw: string): { value: string } | { error: VisitTimeError } {
  // Browsers send 'HH:MM' (or 'HH:MM:SS' when seconds are shown); people may type '9:30'.
  const match = /^(\d{1,2}):(\d{2})(?::00)?$/.exec(toLatinDigits(raw.trim()))
  if (!raw.trim()) return { error: 'timeRequired' }
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return { error: 'timeInvalid' }
  const value = `${pad2(Number(match[1]))}:${match[2]}`
  if (minutesOf(value) % VISIT_STEP_MINUTES !== 0) return { error: 'timeStep' }
  const { first, last } = visitTimeRange()
  if (value < first || value > last) return { error: 'timeOutsideHours' }
  return { value }
}

/**
 * A visit's date and time from the form: a real day from today (in Kabul) to a year ahead, on a day
 * the clinic is open, at a time within its hours in steps of five minutes; the instant to store.
 */
export function readVisitTime(rawDate: unknown, rawTime: unknown, now: Date = new Date()): VisitTimeResult {
  const date = readDate(typeof rawDate === 'string' ? rawDate.slice(0, 40) : '', now)
  const time = readTime(typeof rawTime === 'string' ? rawTime.slice(0, 40) : '')
  if ('value' in date && 'value' in time) return { ok: true, value: kabulInstant(date.value, time.value) }
  const errors: Extract<VisitTimeResult, { ok: false }>['errors'] = {}
  if ('error' in date) errors[VISIT_FIELDS.date] = date.error
  if ('error' in time) errors[VISIT_FIELDS.time] = time.error
  return { ok: false, errors }
}
