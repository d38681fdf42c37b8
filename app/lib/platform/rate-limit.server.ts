import { createHash } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import type { Database } from './db.server'
import { selectRows } from './select-rows.server'

export interface RateLimitOptions {
  /** What is being limited, e.g. 'public-form'; counters of different buckets never mix. */
  bucket: string
  /** Who is being limited, e.g. the client's address. Only its SHA-256 hash is stored. */
  key: string
  /** Hits allowed per window. */
  limit: number
  windowSeconds: number
  /**
   * A condition, checked in the same statement, under which this hit is not counted: e.g. that the
   * submission is already stored (a retry must not use up the person's allowance).
   */
  unless?: SQL
  now?: Date
}

export interface RateLimitResult {
  /** False when the `unless` condition held: nothing was counted (and `allowed` is true). */
  counted: boolean
  allowed: boolean
  /** Hits in the current window, this one included. */
  hits: number
  /** Seconds until the current window ends. */
  retryAfterSeconds: number
}

export function hashRateLimitKey(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

/**
 * Counts one hit in a fixed window and says whether it is within the limit. The counter lives in
 * the database (one upserted row per bucket, key and window), so that several application servers
 * share it; windows that have ended are deleted as new ones start.
 */
export async function hitRateLimit(db: Database, options: RateLimitOptions): Promise<RateLimitResult> {
  const now = options.now ?? new Date()
  const windowMs = options.windowSeconds * 1000
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs)
  const keyHash = hashRateLimitKey(options.key)

  // One statement, so one round trip: every hit from one address updates the same row and holds
  // its lock until the commit, and a crowd behind one address (a carrier's NAT) waits on that lock.
  // The commit does not wait for the disk (set_config(…, true) lasts for this statement's own
  // transaction), which keeps the lock short; a crash may forget the last hits. Earlier windows of
  // this bucket are over and go in the same statement; other buckets keep their own windows.
  const [row] = await selectRows<{ hits: number | null }>(
    db,
    sql`
    with no_flush as (select set_config('synchronous_commit', 'off', true)),
    hit as (
      insert into rate_limits (bucket, key_hash, window_start, hits)
      select ${options.bucket}, ${keyHash}, ${windowStart.toISOString()}::timestamptz, 1
      where not (${options.unless ?? sql`false`})
      on conflict (bucket, key_hash, window_start) do update set hits = rate_limits.hits + 1
      returning hits
    ),
    ended as (delete from rate_limits where bucket = ${options.bucket} and window_start < ${windowStart.toISOString()})
    select (select hits from hit) as hits from no_flush`,
  )
  const counted = row?.hits
  if (counted === null || counted === undefined) return { counted: false, allowed: true, hits: 0, retryAfterSeconds: 0 }
  const hits = Number(counted)

  return {
    counted: true,
    allowed: hits <= options.limit,
    hits,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000)),
  }
}
