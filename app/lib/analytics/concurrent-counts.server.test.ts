import { afterAll, describe, expect, it } from 'vitest'
import { siteVisitCounts } from '~db/schema'
import { anotherConnection, testDatabases } from '../../../tests/support/databases'
import type { DatabaseHandle } from '../platform/db.server'
import { visitCandidate } from './classify'
import { VisitCounter } from './counter.server'
import { addCounts } from './store.server'

// Two server processes (or machines) count visits on their own and add them to the same day's rows
// at the same moments: every increment must land, none twice. On PostgreSQL each counter has its
// own connection pool, as another process would; the embedded database's one process has one.

const DAY = '2026-12-01'
const salt = () => ({ day: DAY, salt: Buffer.alloc(32, 7), endsAt: Number.MAX_SAFE_INTEGER })
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
/** The requests of one round, the same mix on both processes: [address, status]. */
const ROUND: Array<[string, number, string]> = [
  ['/clinic', 200, PHONE],
  ['/fa/clinic/about?ref=facebook', 200, PHONE],
  ['/ps/clinic/appointment', 200, DESKTOP],
  ['/clinic/appointment.data', 200, DESKTOP],
  ['/clinic/old-link', 404, PHONE],
  ['/fa/clinic', 304, DESKTOP],
]
const ROUNDS = 25

const opened: DatabaseHandle[] = []
afterAll(async () => {
  for (const handle of opened.reverse()) await handle.close()
})

describe.each(testDatabases())('two counters adding to the same day on $name', (database) => {
  it('stores the sum of both exactly, flushed at the same moments', async () => {
    const first = await database.open()
    opened.push(first)
    const second = (await anotherConnection(first)) ?? first
    if (second !== first) opened.push(second)
    const counters = [first, second].map((handle) => new VisitCounter({ salt, store: (rows) => addCounts(handle.db, rows) }))
    for (let round = 0; round < ROUNDS; round++) {
      counters.forEach((counter, process) => {
        for (const [url, status, agent] of ROUND) {
          const candidate = visitCandidate({ method: 'GET', url, header: (name) => (name === 'user-agent' ? agent : undefined) })
          counter.count(candidate!, status, `10.0.${process}.${round % 5}`, agent)
        }
      })
      await Promise.all(counters.map((counter) => counter.flush()))
    }

    const rows = await first.db.select().from(siteVisitCounts)
    const stored = Object.fromEntries(rows.map((row) => [`${row.metric}|${row.key}|${row.locale}`, Number(row.count)]))
    const both = 2 * ROUNDS
    expect(stored).toEqual({
      'view|/clinic|en': both,
      'view|/clinic|fa': both,
      'view|/clinic/about|fa': both,
      'view|/clinic/appointment|ps': both,
      'view|/clinic/appointment|en': both,
      'referrer|facebook|': both,
      'device|phone|': 2 * both,
      'device|desktop|': 3 * both,
      'not_found|/clinic/old-link|': both,
      // Five addresses a process, each with two user agents: ten visitors each.
      'visitor||': 20,
    })
    expect(new Set(rows.map((row) => String(row.day)))).toEqual(new Set([DAY]))
  })
})
