/**
 * Housekeeping the server runs on a schedule: rate-limit counters of windows long over are deleted,
 * and the features' own clean-up jobs run (given by the server: expired staff sessions, login
 * failures old enough to be forgotten). A sweep that fails (the
 * database away for a moment) is logged without data and tried again at the next turn.
 */
import { lt } from 'drizzle-orm'
import { rateLimits } from '~db/schema'
import { errorCode, type Database } from './db.server'

const SWEEP_INTERVAL_MS = 15 * 60 * 1000

/** Rate-limit counters are kept this long after their window began; no limit counts over a day. */
const RATE_LIMIT_MEMORY_MS = 24 * 60 * 60 * 1000

/** A feature's clean-up: deletes what has expired by `now`. */
export interface CleanupJob {
  /** What it deletes, for the log line of a failed sweep ('sessions'). */
  name: string
  run: (db: Database, now: Date) => Promise<unknown>
}

export interface SweepOptions {
  now?: Date
  /** The features' clean-up jobs, run with the rate limits' own. */
  jobs?: readonly CleanupJob[]
  /** The longest rate-limit window in use, if longer than a day. */
  rateLimitMemoryMs?: number
}

export interface SweepReport {
  failed: string[]
}

/** Runs every sweep once; each one on its own, so one failure does not stop the others. */
export async function sweepExpiredRows(db: Database, options: SweepOptions = {}): Promise<SweepReport> {
  const now = options.now ?? new Date()
  const memory = Math.max(RATE_LIMIT_MEMORY_MS, options.rateLimitMemoryMs ?? 0)
  const sweeps: [string, () => Promise<unknown>][] = [
    ...(options.jobs ?? []).map(({ name, run }): [string, () => Promise<unknown>] => [name, () => run(db, now)]),
    ['rate limits', () => db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - memory)))],
  ]
  const failed: string[] = []
  for (const [name, sweep] of sweeps) {
    try {
      await sweep()
    } catch (error) {
      failed.push(name)
      console.warn(`Deleting expired ${name} failed (${errorCode(error)}); trying again at the next sweep.`)
    }
  }
  return { failed }
}

export interface MaintenanceOptions extends Omit<SweepOptions, 'now'> {
  database: () => Promise<Database>
  intervalMs?: number
}

/**
 * Sweeps at start and then every interval, one sweep at a time. The timer never keeps the process
 * alive; the returned function stops it and waits for a sweep under way.
 */
export function startMaintenance({ database, intervalMs = SWEEP_INTERVAL_MS, ...options }: MaintenanceOptions): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false
  const run = () => {
    if (stopped) return
    running = running
      .then(async () => {
        if (!stopped) await sweepExpiredRows(await database(), options)
      })
      .catch((error: unknown) => console.warn(`The scheduled sweep could not start (${errorCode(error)}).`))
  }
  const timer = setInterval(run, intervalMs)
  timer.unref()
  run()
  return async () => {
    stopped = true
    clearInterval(timer)
    await running
  }
}
