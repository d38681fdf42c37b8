import { afterEach, describe, expect, it, vi } from 'vitest'
import { visitCandidate } from '~/lib/analytics/classify'
import { VisitCounter, type CountRow } from '~/lib/analytics/counter.server'
import { dailySalt, decodeSalt, encodeSalt, kabulDayOf, nextKabulMidnight, VisitorSet } from './site-visitors.js'

// 19:30 UTC is midnight in Kabul (UTC+4:30).
const BEFORE_MIDNIGHT = Date.parse('2026-12-01T19:29:59.999Z')
const AT_MIDNIGHT = Date.parse('2026-12-01T19:30:00.000Z')
const AGENT = 'Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36'
const candidate = visitCandidate({ method: 'GET', url: '/fa/clinic', header: (name) => (name === 'user-agent' ? AGENT : undefined) })!

afterEach(() => {
  vi.useRealTimers()
})

describe('the daily salt', () => {
  it('is the same all Kabul day and changes at Kabul midnight', () => {
    let now = Date.parse('2026-12-01T00:00:00Z')
    const salt = dailySalt({ now: () => now })
    const morning = salt()
    expect(morning.day).toBe('2026-12-01')
    now = BEFORE_MIDNIGHT
    expect(salt().salt.equals(morning.salt)).toBe(true)
    expect(salt().endsAt).toBe(AT_MIDNIGHT)
    now = AT_MIDNIGHT
    const next = salt()
    expect(next.day).toBe('2026-12-02')
    expect(next.salt.equals(morning.salt)).toBe(false)
    expect(kabulDayOf(BEFORE_MIDNIGHT)).toBe('2026-12-01')
    expect(nextKabulMidnight(BEFORE_MIDNIGHT)).toBe(AT_MIDNIGHT)
  })

  it('is the same in every process handed the same seed, day after day', () => {
    let now = BEFORE_MIDNIGHT
    const primary = dailySalt({ now: () => now })
    const handed = decodeSalt(encodeSalt(primary()))!
    const worker = dailySalt({ seed: handed, now: () => now })
    expect(worker().salt.equals(primary().salt)).toBe(true)
    now = AT_MIDNIGHT + 3 * 86_400_000
    expect(worker().day).toBe('2026-12-05')
    expect(worker().salt.equals(primary().salt)).toBe(true)
    expect(decodeSalt('nonsense')).toBeNull()
    expect(decodeSalt(undefined)).toBeNull()
  })
})

describe('unique visitors', () => {
  it('counts a visitor once a day, again after Kabul midnight, and forgets the day at midnight without traffic', async () => {
    vi.useFakeTimers({ now: BEFORE_MIDNIGHT - 60_000 })
    const salt = dailySalt({ now: () => Date.now() })
    const stored: CountRow[] = []
    const counter = new VisitCounter({ salt, store: async (rows) => void stored.push(...rows), now: () => Date.now() }).start()
    counter.count(candidate, 200, '10.0.0.1', AGENT)
    counter.count(candidate, 304, '10.0.0.1', AGENT)
    counter.count(candidate, 200, '10.0.0.2', AGENT)
    await counter.flush()
    expect(stored.filter((row) => row.metric === 'visitor')).toEqual([
      { day: '2026-12-01', metric: 'visitor', key: '', locale: '', count: 2 },
    ])
    expect(stored.find((row) => row.metric === 'view')).toEqual({
      day: '2026-12-01',
      metric: 'view',
      key: '/clinic',
      locale: 'fa',
      count: 3,
    })
    const seen = () => (counter as unknown as { seen: Set<string> }).seen
    expect(seen().size).toBe(2)

    // Midnight passes with no request: the day's visitors are forgotten by the timer.
    await vi.advanceTimersByTimeAsync(60_001)
    expect(seen().size).toBe(0)
    expect(salt().day).toBe('2026-12-02')

    stored.length = 0
    counter.count(candidate, 200, '10.0.0.1', AGENT)
    await counter.stop()
    expect(stored.filter((row) => row.metric === 'visitor')).toEqual([
      { day: '2026-12-02', metric: 'visitor', key: '', locale: '', count: 1 },
    ])
  })

  it('keeps counts that could not be stored for the next flush', async () => {
    let fail = true
    const stored: CountRow[] = []
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const counter = new VisitCounter({
      salt: dailySalt(),
      store: async (rows) => {
        if (fail) throw Object.assign(new Error('down'), { code: 'ECONNREFUSED' })
        stored.push(...rows)
      },
    })
    counter.count(candidate, 200, '10.0.0.1', AGENT)
    await counter.flush()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ECONNREFUSED'))
    expect(warn.mock.calls.join(' ')).not.toContain('10.0.0.1')
    counter.count(candidate, 200, '10.0.0.1', AGENT)
    fail = false
    await counter.flush()
    const views = stored.filter((row) => row.metric === 'view').reduce((sum, row) => sum + row.count, 0)
    const visitors = stored.filter((row) => row.metric === 'visitor').reduce((sum, row) => sum + row.count, 0)
    expect([views, visitors]).toEqual([2, 1])
  })

  it('the primary counts a visitor seen by two processes once, and only for the current day', () => {
    const set = new VisitorSet()
    expect(set.add('2026-12-01', ['a', 'b'])).toBe(2)
    expect(set.add('2026-12-01', ['b', 'c'])).toBe(1)
    expect(set.add('2026-12-02', ['a'])).toBe(1)
    expect(set.add('2026-12-01', ['z'])).toBe(1)
    expect(set.seen.size).toBe(1)
  })
})
