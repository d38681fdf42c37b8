/**
 * A stream's Atom feed in one language: the newest posts written in that language that the public
 * site shows now, with their summary, author and cover. Built with the `feed` package.
 */
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import { Feed } from 'feed'
import { posts } from '~db/schema'
import type { Database } from '../platform/db.server'
import { localizePath, type Locale } from '../i18n/locale'
import { mediaSrc } from '../media/media'
import { absoluteUrl } from '../seo/seo'
import { STREAM_PATH, postPath, type PostStream } from './posts'

/** Entries a feed carries: readers ask again, and the pages hold the rest. */
const FEED_ENTRIES = 20

/** A stream's feed address in a language: '/fa/clinic/blog/feed.xml'. */
export function feedPath(stream: PostStream, locale: Locale): string {
  return localizePath(`${STREAM_PATH[stream]}/feed.xml`, locale)
}

/** Title and summary are sent as `type="html"`: their text is escaped once for that. */
function htmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

export async function postFeedXml(
  db: Database,
  { stream, locale, now, publicUrl, title }: { stream: PostStream; locale: Locale; now: Date; publicUrl: string; title: string },
): Promise<string> {
  const rows = await db
    .select({
      id: posts.id,
      stream: posts.stream,
      slug: posts.slug,
      publishAt: posts.publishAt,
      updatedAt: posts.updatedAt,
      authorName: posts.authorName,
      cover: posts.cover,
      texts: sql<Record<Locale, { title: string; summary: string }>>`${posts.texts} #- '{en,body}' #- '{fa,body}' #- '{ps,body}'`,
    })
    .from(posts)
    .where(
      and(
        eq(posts.stream, stream),
        inArray(posts.status, ['published', 'scheduled']),
        lte(posts.publishAt, now),
        sql`${posts.languages} @> array[${locale}]::text[]`,
      ),
    )
    .orderBy(desc(posts.publishAt), desc(posts.id))
    .limit(FEED_ENTRIES)

  const listUrl = absoluteUrl(publicUrl, localizePath(STREAM_PATH[stream], locale))
  const feed = new Feed({
    id: listUrl,
    title,
    link: listUrl,
    feed: absoluteUrl(publicUrl, feedPath(stream, locale)),
    updated: rows.reduce<Date | null>((newest, row) => (!newest || row.updatedAt > newest ? row.updatedAt : newest), null) ?? now,
    generator: false,
  })
  for (const row of rows) {
    const texts = row.texts[locale]
    feed.addItem({
      // The id alone stays the same when the title, and with it the readable address, changes.
      id: absoluteUrl(publicUrl, localizePath(`${STREAM_PATH[stream]}/${row.id}`, locale)),
      link: absoluteUrl(publicUrl, postPath(row, locale)),
      title: htmlText(texts.title),
      ...(texts.summary.trim() ? { description: htmlText(texts.summary) } : {}),
      date: row.updatedAt,
      published: row.publishAt ?? row.updatedAt,
      ...(row.authorName ? { author: [{ name: row.authorName }] } : {}),
      ...(row.cover && row.cover.widths.length > 0 ? { image: absoluteUrl(publicUrl, mediaSrc(row.cover)) } : {}),
    })
  }
  return feed.atom1()
}
