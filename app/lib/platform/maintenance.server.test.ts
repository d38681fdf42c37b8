import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { testDatabases } from '../../../tests/support/databases'
import { loginFailures, rateLimits, sessions, staff } from '~db/schema'
import type { Database, DatabaseHandle } from './db.server'
import { STAFF_CLEANUP_JOBS } from '../staff/cleanup.server'
import { startMaintenance, sweepExpiredRows } from './maintenance.server'
import { selectRows } from './select-rows.server'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

async function remaining(db: Database, table: 'sessions' | 'login_failures' | 'rate_limits'): Promise<string[]> {
  const column = table === 'sessions' ? 'token_hash' : 'key_hash'
  const rows = await selectRows<{ key: string }>(db, sql`select ${sql.identifier(column)} as key from ${sql.identifier(table)} order by 1`)
  return rows.map((row) => row.key)
}

/** Rows on both sides of every limit, as they are after a day or two of use. */
async function seed(db: Database, now: Date): Promise<void> {
  const ago = (ms: number) => new Date(now.getTime() - ms)
  const [member] = await db
    .insert(staff)
    .values({ username: 'reception', passwordHash: 'x', displayName: 'Reception', role: 'reception' })
    .returning({ id: staff.id })
  await db.insert(sessions).values([
    { tokenHash: 'live', staffId: member!.id, lastSeenAt: ago(5 * 60 * 1000), expiresAt: new Date(now.getTime() + HOUR) },
    { tokenHash: 'idle', staffId: member!.id, lastSeenAt: ago(2 * HOUR), expiresAt: new Date(now.getTime() + HOUR) },
    { tokenHash: 'ended', staffId: member!.id, lastSeenAt: ago(60 * 1000), expiresAt: ago(60 * 1000) },
  ])
  await db.insert(loginFailures).values([
    { scope: 'address', keyHash: 'recent', failures: 3, lastFailureAt: ago(HOUR) },
    { scope: 'address', keyHash: 'old', failures: 7, lastFailureAt: ago(2 * DAY) },
  ])
  await db.insert(rateLimits).values([
    { bucket: 'public-form', keyHash: 'current', windowStart: ago(5 * 60 * 1000), hits: 2 },
    { bucket: 'some-other-bucket', keyHash: 'over', windowStart: ago(3 * DAY), hits: 9 },
  ])
}

describe.each(testDatabases())('scheduled sweeps on $name', ({ open }) => {
  let handle: DatabaseHandle | undefined
  afterEach(async () => {
    await handle?.close()
    handle = undefined
  })

  it('deletes expired sessions, old login failures and rate-limit windows long over; keeps the rest', async () => {
    handle = await open()
    const now = new Date()
    await seed(handle.db, now)
    expect(await sweepExpiredRows(handle.db, { now, jobs: STAFF_CLEANUP_JOBS })).toEqual({ failed: [] })
    expect(await remaining(handle.db, 'sessions')).toEqual(['live'])
    expect(await remaining(handle.db, 'login_failures')).toEqual(['recent'])
    expect(await remaining(handle.db, 'rate_limits')).toEqual(['current'])
  })

  it('keeps rate-limit counters as long as the longest window in use', async () => {
    handle = await open()
    const now = new Date()
    await seed(handle.db, now)
    await sweepExpiredRows(handle.db, { now, jobs: STAFF_CLEANUP_JOBS, rateLimitMemoryMs: 7 * DAY })
    expect(await remaining(handle.db, 'rate_limits')).toEqual(['current', 'over'])
  })

  it('runs on its own schedule from start, and stops', async () => {
    handle = await open()
    const db = handle.db
    await seed(db, new Date())
    const stop = startMaintenance({ database: async () => db, jobs: STAFF_CLEANUP_JOBS, intervalMs: 200 })
    try {
      const deadline = Date.now() + 10_000
      while ((await remaining(db, 'sessions')).length > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
      expect(await remaining(db, 'sessions')).toEqual(['live'])
      // A row that expires later goes at a later turn.
      await db.insert(sessions).values({
        tokenHash: 'later',
        staffId: (await db.select({ id: staff.id }).from(staff))[0]!.id,
        expiresAt: new Date(Date.now() - 1),
      })
      while ((await remaining(db, 'sessions')).length > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
      expect(await remaining(db, 'sessions')).toEqual(['live'])
    } finally {
      await stop()
    }
  })

  it('a sweep that fails is logged without data and does not stop the schedule or the process', async () => {
    handle = await open()
    const db = handle.db
    await seed(db, new Date())
    let calls = 0
    const warnings: string[] = []
    const original = console.warn
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '))
    const stop = startMaintenance({
      // The first turn cannot reach the database; the next ones can.
      database: async () => {
        calls += 1
        if (calls === 1) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
        return db
      },
      jobs: STAFF_CLEANUP_JOBS,
      intervalMs: 200,
    })
    try {
      const deadline = Date.now() + 10_000
      while ((await remaining(db, 'sessions')).length > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
      expect(await remaining(db, 'sessions')).toEqual(['live'])
      expect(warnings.some((line) => line.includes('ECONNREFUSED'))).toBe(true)
    } finally {
      await stop()
      console.warn = original
    }
  })
})
