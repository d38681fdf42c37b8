import { createHash } from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import { rateLimits } from '~db/schema'
import type { Database } from './db.server'

export interface RateLimitOptions {
  /** What is being limited, e.g. 'public-form'; counters of different buckets never mix. */
  bucket: string
  /** Who is being limited, e.g. the client's address. Only its SHA-256 hash is stored. */
  key: string
  /** Hits allowed per window. */
  limit: number
  windowSeconds: number
  now?: Date
}

export interface RateLimitResult {
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

  const hits = await db.transaction(async (tx) => {
    // Every hit from one address updates the same row, and its lock is held until the commit. Not
    // waiting for the disk at this commit keeps that lock short, so a crowd behind one address
    // (a carrier's NAT) is not served one disk flush at a time; a crash may forget the last hits.
    await tx.execute(sql`set local synchronous_commit = off`)
    const [row] = await tx
      .insert(rateLimits)
      .values({ bucket: options.bucket, keyHash, windowStart, hits: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.bucket, rateLimits.keyHash, rateLimits.windowStart],
        set: { hits: sql`${rateLimits.hits} + 1` },
      })
      .returning({ hits: rateLimits.hits })
    // Earlier windows of this bucket are over; the counters of other buckets have their own windows.
    await tx.delete(rateLimits).where(and(eq(rateLimits.bucket, options.bucket), lt(rateLimits.windowStart, windowStart)))
    return row?.hits ?? 1
  })

  return {
    allowed: hits <= options.limit,
    hits,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000)),
  }
}
