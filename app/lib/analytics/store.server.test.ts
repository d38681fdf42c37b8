import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointments, siteVisitCounts } from '~db/schema'
import { openDatabase, type DatabaseHandle } from '../platform/db.server'
import { sweepExpiredRows } from '../platform/maintenance.server'
import { addCounts, analyticsCsv, analyticsSummary, ANALYTICS_CLEANUP_JOBS, firstKeptDay, lastDays } from './store.server'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await openDatabase({ memory: true })
})
afterAll(async () => {
  await handle.close()
})

// 10:00 in Kabul on 1 December 2026.
const NOW = new Date('2026-12-01T05:30:00Z')

describe('stored site analytics', () => {
  it('adds increments to the same rows, and sums the last 30 days for the card', async () => {
    const db = handle.db
    await addCounts(db, [
      { day: '2026-12-01', metric: 'view', key: '/clinic/appointment', locale: 'fa', count: 3 },
      { day: '2026-12-01', metric: 'visitor', key: '', locale: '', count: 2 },
      { day: '2026-11-28', metric: 'view', key: '/clinic', locale: 'en', count: 5 },
      { day: '2026-11-28', metric: 'visitor', key: '', locale: '', count: 4 },
      { day: '2026-11-28', metric: 'referrer', key: '=cmd|x', locale: '', count: 1 },
      { day: '2026-10-01', metric: 'view', key: '/clinic', locale: 'en', count: 99 },
    ])
    await addCounts(db, [
      { day: '2026-12-01', metric: 'view', key: '/clinic/appointment', locale: 'fa', count: 1 },
      { day: '2026-12-01', metric: 'view', key: '/clinic/appointment', locale: 'fa', count: 1 },
      { day: '2026-12-01', metric: 'not_found', key: '/clinic/old', locale: '', count: 2 },
    ])
    await db.insert(appointments).values({
      name: 'P',
      phone: '+93700000000',
      date: '2030-01-01',
      submissionKey: 'k1',
      locale: 'fa',
      createdAt: new Date('2026-12-01T04:00:00Z'),
    })

    const summary = await analyticsSummary(db, NOW)
    expect(summary.today).toBe('2026-12-01')
    expect(summary.days).toHaveLength(30)
    expect(summary.days.at(-1)).toEqual({ day: '2026-12-01', visitors: 2, views: 5 })
    expect(summary.totals).toEqual({
      today: { visitors: 2, views: 5 },
      week: { visitors: 6, views: 10 },
      month: { visitors: 6, views: 10 },
    })
    expect(summary.pages).toEqual([
      { page: '/clinic', views: 5 },
      { page: '/clinic/appointment', views: 5 },
    ])
    expect(summary.languages).toEqual([
      { locale: 'en', views: 5 },
      { locale: 'fa', views: 5 },
      { locale: 'ps', views: 0 },
    ])
    expect(summary.notFound).toEqual([{ path: '/clinic/old', count: 2 }])
    expect(summary.conversions.appointment.find((row) => row.locale === 'fa')).toEqual({ locale: 'fa', views: 5, requests: 1 })

    const csv = await analyticsCsv(db)
    expect(csv).toContain('day,metric,key,language,count\r\n')
    expect(csv).toContain("2026-11-28,referrer,'=cmd|x,,1\r\n")
    expect(csv).toContain('2026-12-01,view,/clinic/appointment,fa,5\r\n')
  })

  it('keeps two years of days; the maintenance sweep removes older ones', async () => {
    const db = handle.db
    expect(firstKeptDay(NOW)).toBe('2024-12-01')
    await addCounts(db, [
      { day: '2024-11-30', metric: 'view', key: '/clinic', locale: 'en', count: 1 },
      { day: '2024-12-01', metric: 'view', key: '/clinic', locale: 'en', count: 1 },
    ])
    expect(await sweepExpiredRows(db, { now: NOW, jobs: ANALYTICS_CLEANUP_JOBS })).toEqual({ failed: [] })
    const days = await db
      .select({ day: siteVisitCounts.day })
      .from(siteVisitCounts)
      .where(sql`${siteVisitCounts.day} < '2025-01-01'`)
    expect(days.map((row) => row.day)).toEqual(['2024-12-01'])
  })

  it('names the 30 days that end today', () => {
    expect(lastDays('2026-03-01', 3)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01'])
  })
})
