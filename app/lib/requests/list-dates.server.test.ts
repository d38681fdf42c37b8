import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabases } from '../../../tests/support/databases'
import { appointments, registrations } from '~db/schema'
import type { DatabaseHandle } from '../platform/db.server'
import { countRequests, eachRequest, listRequests } from './requests.server'
import { parseDateRange } from './date-range'
import { listAgenda } from './agenda.server'
import { agendaPeriod, groupByKabulDay } from './agenda'

const range = (query: string, kind: 'appointments' | 'registrations' = 'appointments') => {
  const parsed = parseDateRange(kind, new URLSearchParams(query))
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.range
}

describe.each(testDatabases())('date filters and the agenda on $name', ({ open }) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await open()
    const row = (name: string, createdAt: string, extra: Partial<typeof appointments.$inferInsert> = {}) => ({
      name,
      phone: `+9370${String(name.length).padStart(7, '0')}`,
      date: '2030-03-20',
      submissionKey: `key-${name}`,
      createdAt: new Date(createdAt),
      ...extra,
    })
    await handle.db.insert(appointments).values([
      // Received around the Kabul midnight that starts 10 March 2030 (19:30 UTC on the 9th).
      row('Before Midnight', '2030-03-09T19:29:59.999Z'),
      row('At Midnight', '2030-03-09T19:30:00.000Z', { status: 'confirmed' }),
      row('Late Evening', '2030-03-10T19:29:59.000Z', { status: 'pending' }),
      row('Next Day', '2030-03-10T19:30:00.000Z'),
      // Preferred dates and confirmed visits.
      ...Array.from({ length: 7 }, (_, i) =>
        row(`Preferred ${i}`, `2030-02-0${i + 1}T08:00:00Z`, { date: `2030-04-0${(i % 3) + 1}`, status: i % 2 ? 'confirmed' : 'pending' }),
      ),
      row('Visit Saturday Midnight', '2030-02-20T08:00:00Z', { status: 'confirmed', confirmedFor: new Date('2030-03-08T19:30:00Z') }),
      row('Visit Friday Late', '2030-02-20T08:01:00Z', { status: 'completed', confirmedFor: new Date('2030-03-15T19:29:00Z') }),
      row('Visit Next Saturday', '2030-02-20T08:02:00Z', { status: 'confirmed', confirmedFor: new Date('2030-03-15T19:30:00Z') }),
      row('Visit Tuesday Nine', '2030-02-20T08:03:00Z', { status: 'no-show', confirmedFor: new Date('2030-03-12T04:30:00Z') }),
      row('Visit Tuesday Eight', '2030-02-20T08:04:00Z', { status: 'confirmed', confirmedFor: new Date('2030-03-12T03:30:00Z') }),
      row('Visit Cancelled', '2030-02-20T08:05:00Z', { status: 'cancelled', confirmedFor: new Date('2030-03-12T05:30:00Z') }),
    ])
    await handle.db.insert(registrations).values([
      {
        name: 'Student Before',
        email: 's1@example.org',
        phone: '+93790000001',
        address: 'Kabul',
        education: 'Grade 12',
        course: 'x',
        submissionKey: 'r1',
        createdAt: new Date('2030-03-09T19:29:00Z'),
      },
      {
        name: 'Student On Day',
        email: 's2@example.org',
        phone: '+93790000002',
        address: 'Kabul',
        education: 'Grade 12',
        course: 'x',
        submissionKey: 'r2',
        createdAt: new Date('2030-03-09T19:31:00Z'),
      },
    ])
  })
  afterAll(async () => {
    await handle.close()
  })

  const names = (page: { rows: Array<{ name: string }> }) => page.rows.map((r) => r.name)

  it('received on a day means that Kabul day, midnight to midnight', async () => {
    const { db } = handle
    const page = await listRequests(db, 'appointments', { range: range('from=2030-03-10&to=2030-03-10') })
    expect(names(page)).toEqual(['Late Evening', 'At Midnight'])
    expect(page.total).toBe(2)
    expect(names(await listRequests(db, 'appointments', { range: range('from=2030-03-11') }))).toEqual(['Next Day'])
    expect(names(await listRequests(db, 'appointments', { range: range('to=2030-03-09') }))).toContain('Before Midnight')
    expect(names(await listRequests(db, 'appointments', { range: range('to=2030-03-09') }))).not.toContain('At Midnight')
    expect(names(await listRequests(db, 'registrations', { range: range('from=2030-03-10', 'registrations') }))).toEqual(['Student On Day'])
  })

  it('combines the date range with the status and the search', async () => {
    const { db } = handle
    const day = range('from=2030-03-10&to=2030-03-10')
    expect(names(await listRequests(db, 'appointments', { range: day, status: 'pending' }))).toEqual(['Late Evening'])
    expect(names(await listRequests(db, 'appointments', { range: day, q: 'midnight' }))).toEqual(['At Midnight'])
    expect(await countRequests(db, 'appointments', { range: day, status: 'cancelled' })).toBe(0)
  })

  it('filters by preferred date and pages through it by that date, both ways', async () => {
    const { db } = handle
    const preferred = range('from=2030-04-02&to=2030-04-03&dateField=preferred')
    expect(await countRequests(db, 'appointments', { range: preferred })).toBe(4)
    const first = await listRequests(db, 'appointments', { range: preferred, limit: 3 })
    // Newest preferred date first, then the newest id.
    expect(names(first)).toEqual(['Preferred 5', 'Preferred 2', 'Preferred 4'])
    expect(first.prevCursor).toBeNull()
    const second = await listRequests(db, 'appointments', { range: preferred, limit: 3, after: first.nextCursor })
    expect(names(second)).toEqual(['Preferred 1'])
    expect(second.nextCursor).toBeNull()
    const back = await listRequests(db, 'appointments', { range: preferred, limit: 3, before: second.prevCursor })
    expect(names(back)).toEqual(names(first))
    // A cursor of the received-date order does not apply to this one: it starts from the top.
    const received = await listRequests(db, 'appointments', { limit: 1 })
    expect(names(await listRequests(db, 'appointments', { range: preferred, limit: 3, after: received.nextCursor }))).toEqual(names(first))
    expect(names(await listRequests(db, 'appointments', { range: preferred, status: 'confirmed' }))).toEqual(['Preferred 5', 'Preferred 1'])
  })

  it('filters by confirmed visit in Kabul days', async () => {
    const { db } = handle
    const tuesday = await listRequests(db, 'appointments', { range: range('from=2030-03-12&to=2030-03-12&dateField=confirmed') })
    expect(names(tuesday)).toEqual(['Visit Cancelled', 'Visit Tuesday Nine', 'Visit Tuesday Eight'])
    const saturday = await listRequests(db, 'appointments', { range: range('from=2030-03-09&to=2030-03-09&dateField=confirmed') })
    expect(names(saturday)).toEqual(['Visit Saturday Midnight'])
  })

  it('the CSV export reads the same filter', async () => {
    const exported: string[] = []
    for await (const row of eachRequest(
      handle.db,
      'appointments',
      { range: range('from=2030-04-01&to=2030-04-03&dateField=preferred') },
      2,
    )) {
      exported.push(String(row.name))
    }
    expect(exported).toHaveLength(7)
    expect(new Set(exported).size).toBe(7)
  })

  it('the agenda lists the week from Saturday to Friday, by Kabul day, confirmed visits only', async () => {
    const period = agendaPeriod(new URLSearchParams('view=week&day=2030-03-12'))
    const visits = await listAgenda(handle.db, period.start, period.end)
    expect(visits.map((v) => v.name)).toEqual(['Visit Saturday Midnight', 'Visit Tuesday Eight', 'Visit Tuesday Nine', 'Visit Friday Late'])
    const groups = groupByKabulDay(period.days, visits)
    expect(groups[0]).toMatchObject({ day: '2030-03-09', visits: [{ name: 'Visit Saturday Midnight' }] })
    expect(groups[3]!.visits.map((v) => v.name)).toEqual(['Visit Tuesday Eight', 'Visit Tuesday Nine'])
    expect(groups[6]).toMatchObject({ day: '2030-03-15', visits: [{ name: 'Visit Friday Late', status: 'completed' }] })
    const next = agendaPeriod(new URLSearchParams('view=day&day=2030-03-16'))
    expect((await listAgenda(handle.db, next.start, next.end)).map((v) => v.name)).toEqual(['Visit Next Saturday'])
  })

  it('the agenda says when a view holds more visits than it shows', async () => {
    const period = agendaPeriod(new URLSearchParams('view=week&day=2030-03-12'))
    expect(await listAgenda(handle.db, period.start, period.end, 2)).toHaveLength(3)
  })
})
