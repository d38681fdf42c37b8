/**
 * Dates as the staff panel shows them, one formatter for every screen, export and message: Kabul
 * time in every language; Gregorian in English, Solar Hijri in Dari and Pashto (lists: Solar Hijri
 * alone; a request's own page: with the Gregorian date beside it). Built on dates.ts, so the server
 * and the browser write the same text.
 */
import { DEFAULT_TIME_ZONE, formatDate, isoDateIn } from './dates'
import type { Locale } from './locale'

const STAFF_TIME_ZONE = DEFAULT_TIME_ZONE

export interface StaffDateOptions {
  /** Add the time of day (24-hour clock, Kabul time). Only for instants, not calendar dates. */
  withTime?: boolean
  /** Dari and Pashto: add the Gregorian date in brackets (detail pages). English ignores it. */
  withGregorian?: boolean
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/

/** An instant (Date or ISO timestamp) or a calendar date ('YYYY-MM-DD'); unreadable text comes back unchanged. */
function readValue(value: Date | string): Date | string {
  if (value instanceof Date || CALENDAR_DATE.test(value.trim())) return value
  const instant = new Date(value)
  return Number.isNaN(instant.getTime()) ? value : instant
}

/**
 * A date for staff: formatStaffDate(new Date('2025-03-21T20:00:00Z'), 'fa', { withTime: true })
 * → '۲ حمل ۱۴۰۴، ۰۰:۳۰' (20:00 UTC is half past midnight of the next day in Kabul).
 */
export function formatStaffDate(value: Date | string | null | undefined, locale: Locale, options: StaffDateOptions = {}): string {
  if (value === null || value === undefined || value === '') return ''
  const { withTime = false, withGregorian = false } = options
  return formatDate(readValue(value), locale, { withTime, withGregorian, timeZone: STAFF_TIME_ZONE })
}

/** An instant as 'YYYY-MM-DD HH:mm' in Kabul time: sortable, for English spreadsheets. */
export function kabulDateTime(date: Date): string {
  const shifted = new Date(date.getTime() + 270 * 60_000)
  return `${isoDateIn(date, STAFF_TIME_ZONE)} ${shifted.toISOString().slice(11, 16)}`
}
