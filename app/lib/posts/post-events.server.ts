/**
 * The academy's events (news posts with a start): those to come, soonest first, and the archive of
 * past ones, latest first. An event is past once its end (or, without one, its start) has gone by.
 */
import { and, asc, count, desc, eq, gte, isNotNull, or, sql } from 'drizzle-orm'
import { posts } from '~db/schema'
import type { Database } from '../platform/db.server'
import type { Locale } from '../i18n/locale'
import { POSTS_PER_PAGE } from './posts'
import { cardColumns, cardOf, shownNow, type CardRow, type PostCard, type PostList } from './posts.server'

/** Events still to come (or under way), soonest first. */
export async function upcomingEvents(
  db: Database,
  { locale, now, limit }: { locale: Locale; now: Date; limit: number },
): Promise<PostCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(posts)
    .where(and(eq(posts.stream, 'news'), shownNow(now), or(gte(posts.eventStart, now), gte(posts.eventEnd, now))))
    .orderBy(asc(posts.eventStart), asc(posts.id))
    .limit(limit)
  return (rows as CardRow[]).map((row) => cardOf(row, locale))
}

/** A page of the events that are over, the latest first, POSTS_PER_PAGE a page. */
export async function pastEvents(db: Database, { locale, now, page }: { locale: Locale; now: Date; page: number }): Promise<PostList> {
  const where = and(
    eq(posts.stream, 'news'),
    shownNow(now),
    isNotNull(posts.eventStart),
    sql`coalesce(${posts.eventEnd}, ${posts.eventStart}) < ${now.toISOString()}::timestamptz`,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select(cardColumns)
      .from(posts)
      .where(where)
      .orderBy(desc(posts.eventStart), desc(posts.id))
      .limit(POSTS_PER_PAGE)
      .offset((page - 1) * POSTS_PER_PAGE),
    db.select({ n: count() }).from(posts).where(where),
  ])
  const n = total?.n ?? 0
  return { posts: (rows as CardRow[]).map((row) => cardOf(row, locale)), page, pages: Math.max(1, Math.ceil(n / POSTS_PER_PAGE)), total: n }
}
