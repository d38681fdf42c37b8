/**
 * The agenda of confirmed visits: which days a view covers (one day, or the Afghan week from
 * Saturday to Friday), the neighbouring views, and the visits grouped by their Kabul day.
 */
import { readDateField } from '../i18n/staff-date-fields'
import { isoDateIn, parseIsoDate } from '../i18n/dates'
import { addDays, kabulDayBounds, kabulToday, weekStart } from './date-range'

export type AgendaView = 'day' | 'week'

/** The statuses of a visit that is (or was) on the agenda. */
export const AGENDA_STATUSES = ['confirmed', 'completed', 'no-show'] as const

/** At most this many visits per view; a busier view says that more are not shown. */
export const AGENDA_LIMIT = 1000

export interface AgendaPeriod {
  view: AgendaView
  /** The day the view was asked for ('YYYY-MM-DD'). */
  day: string
  /** The days shown, in order. */
  days: string[]
  start: Date
  end: Date
  previous: string
  next: string
  today: string
  /** True when the address asked for a day that is not a date (the view shows today instead). */
  invalidDay: boolean
}

/** Reads `view` and `day` from the agenda's query string; a missing or bad day is today in Kabul. */
export function agendaPeriod(params: URLSearchParams, now: Date = new Date()): AgendaPeriod {
  const view: AgendaView = params.get('view') === 'week' ? 'week' : 'day'
  const today = kabulToday(now)
  // Dari and Pashto staff pick the day as Solar Hijri parts (dayDay, dayMonth, dayYear).
  const asked = readDateField(params, 'day').trim()
  const parsed = asked ? parseIsoDate(asked) : null
  const valid = parsed !== null && parsed.year >= 2000 && parsed.year <= 2100
  const day = valid ? addDays(asked, 0) : today
  const first = view === 'week' ? weekStart(day) : day
  const length = view === 'week' ? 7 : 1
  const days = Array.from({ length }, (_, i) => addDays(first, i))
  const { start, end } = kabulDayBounds(days[0]!, days[days.length - 1]!)
  return {
    view,
    day,
    days,
    start,
    end,
    previous: addDays(day, -length),
    next: addDays(day, length),
    today,
    invalidDay: Boolean(asked) && !valid,
  }
}

/** The visits of each day of the period, in time order (the visits arrive ordered by time). */
export function groupByKabulDay<T extends { confirmedFor: Date }>(
  days: readonly string[],
  visits: readonly T[],
): Array<{ day: string; visits: T[] }> {
  const groups = new Map(days.map((day) => [day, [] as T[]]))
  for (const visit of visits) groups.get(isoDateIn(visit.confirmedFor))?.push(visit)
  return days.map((day) => ({ day, visits: groups.get(day)! }))
}

/** Kabul wall-clock time of a visit, 'HH:MM'. */
export function kabulTime(date: Date): string {
  const shifted = new Date(date.getTime() + 270 * 60_000)
  return `${String(shifted.getUTCHours()).padStart(2, '0')}:${String(shifted.getUTCMinutes()).padStart(2, '0')}`
}
