/**
 * The stored daily aggregates: increments added by every server process, the dashboard's summary
 * of the last 30 Kabul days, the CSV export and the two-year retention.
 */
import { and, count, gte, lt, sql } from 'drizzle-orm'
import { appointments, registrations, siteVisitCounts } from '~db/schema'
import { isoDateIn } from '../i18n/dates'
import { LOCALES, type Locale } from '../i18n/locale'
import type { CleanupJob } from '../platform/maintenance.server'
import type { Database } from '../platform/db.server'
import { CSV_BOM, csvRow } from '../requests/csv'
import type { CountRow } from './counter.server'
import type { DeviceClass } from './classify'
import type { AnalyticsSummary, Conversion, DayTotals } from './summary'

/** Rows per statement (five parameters each, well under PostgreSQL's 65,535). */
const ROWS_PER_STATEMENT = 1_000

/**
 * Adds counts to the stored ones: `count = count + excluded.count`, so several processes and
 * machines adding to the same day's rows at once all count. Rows for the same day, metric, key and
 * language are combined first (one statement may touch a row only once) and written in one order,
 * so that two processes adding to the same rows wait for each other instead of deadlocking; all
 * statements are one transaction, so a failed flush adds nothing and is retried whole.
 */
export async function addCounts(db: Database, rows: readonly CountRow[]): Promise<void> {
  const combined = new Map<string, CountRow>()
  for (const row of rows) {
    const id = `${row.day}\u0000${row.metric}\u0000${row.key}\u0000${row.locale}`
    const known = combined.get(id)
    if (known) known.count += row.count
    else combined.set(id, { ...row })
  }
  const all = [...combined.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row)
  if (all.length === 0) return
  await db.transaction(async (tx) => {
    for (let start = 0; start < all.length; start += ROWS_PER_STATEMENT) {
      await tx
        .insert(siteVisitCounts)
        .values(all.slice(start, start + ROWS_PER_STATEMENT))
        .onConflictDoUpdate({
          target: [siteVisitCounts.day, siteVisitCounts.metric, siteVisitCounts.key, siteVisitCounts.locale],
          set: { count: sql`${siteVisitCounts.count} + excluded.count` },
        })
    }
  })
}

/** Daily aggregates are kept this long. */
const RETENTION_YEARS = 2

/** The first day still kept on `now`: the same calendar day two years earlier, in Kabul. */
export function firstKeptDay(now: Date): string {
  const [year, month, day] = isoDateIn(now).split('-') as [string, string, string]
  return `${String(Number(year) - RETENTION_YEARS).padStart(4, '0')}-${month}-${month === '02' && day === '29' ? '28' : day}`
}

/** The maintenance sweep's job: daily aggregates older than two years are removed. */
export const ANALYTICS_CLEANUP_JOBS: readonly CleanupJob[] = [
  { name: 'site analytics', run: (db, now) => db.delete(siteVisitCounts).where(lt(siteVisitCounts.day, firstKeptDay(now))) },
]

const SUMMARY_DAYS = 30
const TOP = 10
/** The form pages whose views the conversions compare with the requests stored. */
const FORM_PAGES = { appointment: '/clinic/appointment', registration: '/academy/register' } as const

/** The dashboard card's numbers: the last 30 Kabul days, today included. */
export async function analyticsSummary(db: Database, now: Date = new Date()): Promise<AnalyticsSummary> {
  const today = isoDateIn(now)
  const days = lastDays(today, SUMMARY_DAYS)
  const first = days[0]!
  const since = new Date(`${first}T00:00:00+04:30`)
  const [rows, appointmentRows, registrationRows] = await Promise.all([
    db
      .select({
        day: siteVisitCounts.day,
        metric: siteVisitCounts.metric,
        key: siteVisitCounts.key,
        locale: siteVisitCounts.locale,
        count: siteVisitCounts.count,
      })
      .from(siteVisitCounts)
      .where(gte(siteVisitCounts.day, first)),
    db
      .select({ locale: appointments.locale, n: count() })
      .from(appointments)
      .where(and(gte(appointments.createdAt, since)))
      .groupBy(appointments.locale),
    db
      .select({ locale: registrations.locale, n: count() })
      .from(registrations)
      .where(gte(registrations.createdAt, since))
      .groupBy(registrations.locale),
  ])
  const perDay = new Map(days.map((day) => [day, { day, visitors: 0, views: 0 }]))
  const pages = new Map<string, number>()
  const languages = new Map<Locale, number>(LOCALES.map((locale) => [locale, 0]))
  const referrers = new Map<string, number>()
  const devices = new Map<DeviceClass, number>([
    ['phone', 0],
    ['tablet', 0],
    ['desktop', 0],
  ])
  const notFound = new Map<string, number>()
  const formViews = { appointment: new Map<string, number>(), registration: new Map<string, number>() }
  const add = <K>(map: Map<K, number>, key: K, n: number) => map.set(key, (map.get(key) ?? 0) + n)
  for (const row of rows) {
    const totals = perDay.get(row.day)
    if (!totals) continue
    const n = Number(row.count)
    if (row.metric === 'visitor') totals.visitors += n
    else if (row.metric === 'view') {
      totals.views += n
      add(pages, row.key, n)
      if (languages.has(row.locale as Locale)) add(languages, row.locale as Locale, n)
      if (row.key === FORM_PAGES.appointment) add(formViews.appointment, row.locale, n)
      if (row.key === FORM_PAGES.registration) add(formViews.registration, row.locale, n)
    } else if (row.metric === 'referrer') add(referrers, row.key, n)
    else if (row.metric === 'device' && devices.has(row.key as DeviceClass)) add(devices, row.key as DeviceClass, n)
    else if (row.metric === 'not_found') add(notFound, row.key, n)
  }
  const series = [...perDay.values()]
  const sum = (list: DayTotals[]) =>
    list.reduce((total, d) => ({ visitors: total.visitors + d.visitors, views: total.views + d.views }), { visitors: 0, views: 0 })
  const top = <K>(map: Map<K, number>) =>
    [...map]
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])))
      .slice(0, TOP)
  const conversion = (views: Map<string, number>, stored: Array<{ locale: string; n: number }>): Conversion[] =>
    LOCALES.map((locale) => ({
      locale,
      views: views.get(locale) ?? 0,
      requests: Number(stored.find((row) => row.locale === locale)?.n ?? 0),
    }))
  return {
    today,
    days: series,
    totals: { today: sum(series.slice(-1)), week: sum(series.slice(-7)), month: sum(series) },
    pages: top(pages).map(([page, views]) => ({ page, views })),
    languages: [...languages].map(([locale, views]) => ({ locale, views })),
    referrers: top(referrers).map(([site, views]) => ({ site, views })),
    devices: [...devices].map(([device, views]) => ({ device, views })),
    notFound: top(notFound).map(([path, n]) => ({ path, count: n })),
    conversions: {
      appointment: conversion(formViews.appointment, appointmentRows),
      registration: conversion(formViews.registration, registrationRows),
    },
  }
}

/** The `count` days that end with `today`, oldest first. */
export function lastDays(today: string, count: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`)
  return Array.from({ length: count }, (_, i) => new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10))
}

/** Every stored daily aggregate as CSV (day, metric, key, language, count), oldest day first. */
export async function analyticsCsv(db: Database): Promise<string> {
  const rows = await db
    .select()
    .from(siteVisitCounts)
    .orderBy(siteVisitCounts.day, siteVisitCounts.metric, siteVisitCounts.key, siteVisitCounts.locale)
  let text = CSV_BOM + csvRow(['day', 'metric', 'key', 'language', 'count'])
  for (const row of rows) text += csvRow([row.day, row.metric, row.key, row.locale, row.count])
  return text
}
