/**
 * The academy's events (news posts with a start): those to come, soonest first, and the archive of
 * past ones, latest first. An event is past once its end (or, without one, its start) has gone by.
 */
import { and, asc, count, desc, eq, gte, isNotNull, or, sql } from 'drizzle-orm'
import { posts } from '~db/schema'
import type { Database } from '../platform/db.server'
import type { Locale } from '../i18n/locale'
import { POSTS_PER_PAGE } from './posts'
import { selectCards, shownNow, type PostCard, type PostList } from './post-reads.server'

/** Events still to come (or under way), soonest first. */
export async function upcomingEvents(
  db: Database,
  { locale, now, limit }: { locale: Locale; now: Date; limit: number },
): Promise<PostCard[]> {
  return selectCards(db, {
    where: and(eq(posts.stream, 'news'), shownNow(now), or(gte(posts.eventStart, now), gte(posts.eventEnd, now)))!,
    order: [asc(posts.eventStart), asc(posts.id)],
    limit,
    locale,
  })
}

/** A page of the events that are over, the latest first, POSTS_PER_PAGE a page. */
export async function pastEvents(db: Database, { locale, now, page }: { locale: Locale; now: Date; page: number }): Promise<PostList> {
  const where = and(
    eq(posts.stream, 'news'),
    shownNow(now),
    isNotNull(posts.eventStart),
    sql`coalesce(${posts.eventEnd}, ${posts.eventStart}) < ${now.toISOString()}::timestamptz`,
  )!
  const [cards, [total]] = await Promise.all([
    selectCards(db, {
      where,
      order: [desc(posts.eventStart), desc(posts.id)],
      limit: POSTS_PER_PAGE,
      offset: (page - 1) * POSTS_PER_PAGE,
      locale,
    }),
    db.select({ n: count() }).from(posts).where(where),
  ])
  const n = total?.n ?? 0
  return { posts: cards, page, pages: Math.max(1, Math.ceil(n / POSTS_PER_PAGE)), total: n }
}
