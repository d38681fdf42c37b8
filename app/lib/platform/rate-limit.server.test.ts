import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimits } from '~db/schema'
import { testDatabases } from '../../../tests/support/databases'
import type { DatabaseHandle } from './db.server'
import { hashRateLimitKey, hitRateLimit } from './rate-limit.server'

describe.each(testDatabases())('rate limit ($name)', (target) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await target.open()
  })
  afterAll(async () => {
    await handle.close()
  })

  const base = { bucket: 'test', limit: 3, windowSeconds: 600 }

  it('allows N hits per window and refuses hit N+1', async () => {
    const now = new Date('2025-03-01T10:01:00Z')
    const results = []
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(handle.db, { ...base, key: '198.51.100.7', now }))
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false])
    expect(results.map((r) => r.hits)).toEqual([1, 2, 3, 4])
    // The window is 10:00–10:10: nine minutes left.
    expect(results[3]!.retryAfterSeconds).toBe(540)
  })

  it('starts again in the next window and deletes the ended one', async () => {
    const key = '203.0.113.9'
    for (let i = 0; i < 3; i++) await hitRateLimit(handle.db, { ...base, key, now: new Date('2025-03-01T11:00:00Z') })
    expect((await hitRateLimit(handle.db, { ...base, key, now: new Date('2025-03-01T11:09:59Z') })).allowed).toBe(false)
    const next = await hitRateLimit(handle.db, { ...base, key, now: new Date('2025-03-01T11:10:00Z') })
    expect(next).toMatchObject({ allowed: true, hits: 1 })
    const rows = await handle.db.select().from(rateLimits)
    expect(rows.every((row) => row.windowStart.getTime() >= Date.parse('2025-03-01T11:10:00Z'))).toBe(true)
  })

  it('counts each address and each bucket on its own', async () => {
    const now = new Date('2025-03-02T08:00:00Z')
    for (let i = 0; i < 3; i++) await hitRateLimit(handle.db, { ...base, key: '192.0.2.1', now })
    expect((await hitRateLimit(handle.db, { ...base, key: '192.0.2.2', now })).allowed).toBe(true)
    expect((await hitRateLimit(handle.db, { ...base, bucket: 'other', key: '192.0.2.1', now })).allowed).toBe(true)
    expect((await hitRateLimit(handle.db, { ...base, key: '192.0.2.1', now })).allowed).toBe(false)
  })

  it('stores a hash of the address, never the address', async () => {
    const now = new Date('2025-03-03T08:00:00Z')
    await hitRateLimit(handle.db, { ...base, key: '2001:db8::1', now })
    const rows = await handle.db.select().from(rateLimits)
    expect(rows.some((row) => row.keyHash === hashRateLimitKey('2001:db8::1'))).toBe(true)
    expect(JSON.stringify(rows)).not.toContain('2001:db8::1')
    expect(hashRateLimitKey('2001:db8::1')).toMatch(/^[0-9a-f]{64}$/)
  })

  it('counts nothing while its condition holds, in the same statement', async () => {
    const now = new Date('2025-03-05T08:00:00Z')
    const key = '198.51.100.60'
    const first = await hitRateLimit(handle.db, { ...base, key, now })
    const skipped = await hitRateLimit(handle.db, {
      ...base,
      key,
      now,
      unless: sql`exists (select 1 from rate_limits where key_hash = ${hashRateLimitKey(key)})`,
    })
    const next = await hitRateLimit(handle.db, { ...base, key, now, unless: sql`1 = 2` })
    expect(first).toMatchObject({ counted: true, hits: 1 })
    expect(skipped).toMatchObject({ counted: false, allowed: true })
    expect(next).toMatchObject({ counted: true, allowed: true, hits: 2 })
  })

  it('counts concurrent hits exactly', async () => {
    const now = new Date('2025-03-04T08:00:00Z')
    const results = await Promise.all(Array.from({ length: 6 }, () => hitRateLimit(handle.db, { ...base, key: '198.51.100.50', now })))
    expect(results.map((r) => r.hits).sort()).toEqual([1, 2, 3, 4, 5, 6])
    expect(results.filter((r) => r.allowed)).toHaveLength(3)
  })
})
