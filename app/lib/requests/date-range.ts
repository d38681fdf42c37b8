/**
 * The lists' date filters and Kabul calendar days. A calendar day in Kabul (UTC+4:30 all year, no
 * daylight saving) runs from 19:30 UTC of the day before to 19:30 UTC, so "received on 1 December"
 * means created_at in [30 Nov 19:30 UTC, 1 Dec 19:30 UTC).
 */
import { readDateField } from '../i18n/staff-date-fields'
import { isoDateIn, parseIsoDate } from '../i18n/dates'
import { gregorianWeekday } from '../i18n/solar-hijri'
import type { RequestKind } from './request-status'

const KABUL_OFFSET_MS = 270 * 60_000
const DAY_MS = 86_400_000

/** Which date of a request the range applies to: received (both lists), preferred and confirmed (appointments). */
export const DATE_FIELDS = { appointments: ['received', 'preferred', 'confirmed'], registrations: ['received'] } as const
export type DateField = (typeof DATE_FIELDS)['appointments'][number]

export interface DateRange {
  field: DateField
  /** 'YYYY-MM-DD', inclusive. */
  from: string | null
  /** 'YYYY-MM-DD', inclusive. */
  to: string | null
}

export type DateRangeError = 'invalidFrom' | 'invalidTo' | 'fromAfterTo'

export type DateRangeResult =
  | { ok: true; range: DateRange }
  | { ok: false; error: DateRangeError; field: 'from' | 'to'; values: { from: string; to: string; field: DateField } }

/** Sensible years only: a typo such as 20255 would otherwise be a valid date far in the future. */
const MIN_YEAR = 2000
const MAX_YEAR = 2100

function normalizeDate(text: string): string | null {
  const parsed = parseIsoDate(text)
  if (!parsed || parsed.year < MIN_YEAR || parsed.year > MAX_YEAR) return null
  return `${parsed.year}-${String(parsed.month).padStart(2, '0')}-${String(parsed.day).padStart(2, '0')}`
}

/**
 * Reads the date filter of a list's query string (`from`, `to`, `dateField`). Empty fields mean no
 * bound; an unknown date field is 'received'. Never throws: a bad date or a 'from' after 'to' is an
 * error with the typed values kept, for the screen to show.
 */
export function parseDateRange(kind: RequestKind, params: URLSearchParams): DateRangeResult {
  // Dari and Pashto staff give the dates as Solar Hijri parts (fromDay, fromMonth, fromYear…).
  const fromText = readDateField(params, 'from').trim().slice(0, 20)
  const toText = readDateField(params, 'to').trim().slice(0, 20)
  const fieldText = params.get('dateField') ?? ''
  const fields: readonly string[] = DATE_FIELDS[kind]
  const field = (fields.includes(fieldText) ? fieldText : 'received') as DateField
  const values = { from: fromText, to: toText, field }
  const from = fromText ? normalizeDate(fromText) : null
  if (fromText && !from) return { ok: false, error: 'invalidFrom', field: 'from', values }
  const to = toText ? normalizeDate(toText) : null
  if (toText && !to) return { ok: false, error: 'invalidTo', field: 'to', values }
  if (from && to && from > to) return { ok: false, error: 'fromAfterTo', field: 'to', values }
  return { ok: true, range: { field, from, to } }
}

/** The instant a Kabul calendar day ('YYYY-MM-DD') begins: 19:30 UTC of the day before. */
export function kabulDayStart(day: string): Date {
  const parsed = parseIsoDate(day)
  if (!parsed) throw new RangeError(`Not a date: ${day}`)
  return new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day) - KABUL_OFFSET_MS)
}

/** The instants [start, end) of the Kabul days from `from` to `to`, both included. */
export function kabulDayBounds(from: string, to: string): { start: Date; end: Date } {
  return { start: kabulDayStart(from), end: new Date(kabulDayStart(to).getTime() + DAY_MS) }
}

/** A calendar date `days` later (or earlier), 'YYYY-MM-DD'. */
export function addDays(day: string, days: number): string {
  return isoDateIn(new Date(kabulDayStart(day).getTime() + days * DAY_MS))
}

/** The Saturday that begins the Afghan week containing `day`. */
export function weekStart(day: string): string {
  const parsed = parseIsoDate(day)
  if (!parsed) throw new RangeError(`Not a date: ${day}`)
  // getUTCDay numbering: Saturday is 6, Sunday 0, so Saturday is 0 days back and Friday 6.
  const back = (gregorianWeekday(parsed.year, parsed.month, parsed.day) + 1) % 7
  return addDays(day, -back)
}

/** Today's date in Kabul, 'YYYY-MM-DD'. */
export function kabulToday(now: Date = new Date()): string {
  return isoDateIn(now)
}

/** The query string parameters of a date range (for links that keep the filter). */
export function dateRangeParams(range: { field: DateField; from: string | null; to: string | null }): Record<string, string> {
  const params: Record<string, string> = {}
  if (range.from) params.from = range.from
  if (range.to) params.to = range.to
  if ((range.from || range.to) && range.field !== 'received') params.dateField = range.field
  return params
}
