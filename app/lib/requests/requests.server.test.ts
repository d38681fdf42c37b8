import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabases } from '../../../tests/support/databases'
import { appointments, registrations } from '~db/schema'
import type { DatabaseHandle } from '../platform/db.server'
import { countRequests, deleteRequest, eachRequest, getRequest, listRequests, requestCounts, setRequestStatus } from './requests.server'
import { createStaff } from '../staff/staff.server'

const BASE = Date.UTC(2030, 0, 1)

describe.each(testDatabases())('request lists on $name', ({ open }) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await open()
    const rows = Array.from({ length: 125 }, (_, i) => ({
      name: i % 10 === 0 ? `Ahmad Zahir ${i}` : `Patient ${i}`,
      phone: `+93701${String(i).padStart(6, '0')}`,
      date: '2030-02-01',
      status: i % 5 === 0 ? 'confirmed' : 'pending',
      submissionKey: `k${i}`,
      // Pairs of rows share a millisecond (and differ in microseconds) to test the cursor.
      createdAt: new Date(BASE + Math.floor(i / 2) * 1000),
    }))
    await handle.db.insert(appointments).values(rows)
    // Rows created in the same microsecond: only the id orders them.
    await handle.db.execute(
      sql`insert into appointments (name, phone, date, submission_key, created_at) values ('Same A', '+93700000001', '2030-02-01', 'same-a', '2029-12-31T00:00:00Z'), ('Same B', '+93700000002', '2030-02-01', 'same-b', '2029-12-31T00:00:00Z')`,
    )
    await handle.db.insert(registrations).values({
      name: 'مریم احمدی',
      email: 'm@example.org',
      phone: '+93790000000',
      address: 'Kabul',
      education: 'Grade 12',
      course: 'Diploma in Dentistry',
      submissionKey: 'r1',
    })
  })
  afterAll(async () => {
    await handle.close()
  })

  it('pages newest first with no row skipped or repeated, both ways', async () => {
    const { db } = handle
    const seen: number[] = []
    let page = await listRequests(db, 'appointments', { limit: 20 })
    expect(page.total).toBe(127)
    expect(page.totalCapped).toBe(false)
    expect(page.prevCursor).toBeNull()
    expect(page.rows[0]!.name).toBe('Patient 124')
    const pages = [page]
    seen.push(...page.rows.map((r) => r.id))
    while (page.nextCursor) {
      page = await listRequests(db, 'appointments', { limit: 20, after: page.nextCursor })
      pages.push(page)
      seen.push(...page.rows.map((r) => r.id))
    }
    expect(pages).toHaveLength(7)
    expect(new Set(seen).size).toBe(127)
    const times = pages.flatMap((p) => p.rows.map((r) => r.createdAt.getTime()))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect(
      pages
        .at(-1)!
        .rows.map((r) => r.name)
        .slice(-2),
    ).toEqual(['Same B', 'Same A'])
    // Back from the last page gives the page before it exactly.
    const back = await listRequests(db, 'appointments', { limit: 20, before: pages.at(-1)!.prevCursor })
    expect(back.rows.map((r) => r.id)).toEqual(pages.at(-2)!.rows.map((r) => r.id))
    const first = await listRequests(db, 'appointments', { limit: 20, before: pages[1]!.prevCursor })
    expect(first.rows.map((r) => r.id)).toEqual(pages[0]!.rows.map((r) => r.id))
    expect(first.prevCursor).toBeNull()
    expect(first.nextCursor).not.toBeNull()
  })

  it('filters by status and searches names and phones in any formatting', async () => {
    const { db } = handle
    expect(await countRequests(db, 'appointments', { status: 'confirmed' })).toBe(25)
    expect(await countRequests(db, 'appointments', { status: 'made-up' })).toBe(127)
    expect(await countRequests(db, 'appointments', { q: 'ahmad zahir' })).toBe(13)
    expect(await countRequests(db, 'appointments', { q: 'ahmad', status: 'confirmed' })).toBe(13)
    expect(await countRequests(db, 'appointments', { q: '%' })).toBe(0)
    // A capped count stops at cap + 1.
    expect(await countRequests(db, 'appointments', {}, 100)).toBe(101)
    expect(await countRequests(db, 'appointments', { status: 'confirmed' }, 100)).toBe(25)
    for (const q of ['+93 701 000 042', '0701-000-042', '0093701000042', '۰۷۰۱۰۰۰۰۴۲', '701000042']) {
      const page = await listRequests(db, 'appointments', { q })
      expect(
        page.rows.map((r) => r.name),
        q,
      ).toEqual(['Patient 42'])
    }
    expect(await countRequests(db, 'registrations', { q: 'مریم' })).toBe(1)
    const page = await listRequests(db, 'registrations', {})
    expect(page.rows[0]).toMatchObject({ name: 'مریم احمدی', course: 'Diploma in Dentistry', status: 'pending' })
  })

  it('counts all and pending requests for the dashboard', async () => {
    expect(await requestCounts(handle.db, 'appointments')).toEqual({ total: 127, pending: 102 })
    expect(await requestCounts(handle.db, 'registrations')).toEqual({ total: 1, pending: 1 })
  })

  it('changes a status recording who and when, and deletes', async () => {
    const { db } = handle
    const created = await createStaff(
      db,
      { username: 'desk', displayName: 'Front Desk', role: 'reception', password: 'green-olive-harbour' },
      { params: { ln: 10, r: 8, p: 1 } },
    )
    if (!created.ok) throw new Error('setup failed')
    const [row] = (await listRequests(db, 'appointments', { limit: 1 })).rows
    const when = new Date('2030-05-05T10:00:00Z')
    expect(await setRequestStatus(db, 'appointments', row!.id, 'enrolled', created.id, when)).toBe(false)
    expect(await setRequestStatus(db, 'appointments', row!.id, 'no-show', created.id, when)).toBe(true)
    const detail = await getRequest(db, 'appointments', row!.id)
    expect(detail).toMatchObject({ status: 'no-show', statusUpdatedAt: when, statusUpdatedByName: 'Front Desk', date: '2030-02-01' })
    expect(await deleteRequest(db, 'appointments', row!.id)).toBe(true)
    expect(await getRequest(db, 'appointments', row!.id)).toBeNull()
    expect(await setRequestStatus(db, 'appointments', row!.id, 'confirmed', created.id)).toBe(false)
  })

  it('reads every matching row in batches for the export', async () => {
    const names: string[] = []
    for await (const row of eachRequest(handle.db, 'appointments', { status: 'confirmed' }, 7)) names.push(String(row.name))
    expect(names).toHaveLength(25)
    expect(new Set(names).size).toBe(25)
  })
})
