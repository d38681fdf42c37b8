/**
 * Posts as visitors read them: the public lists and pages, only what is published and due, each in
 * the reader's language first; the preview staff open; the published posts for the sitemap.
 */
import { and, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm'
import { posts, type PostCover, type PostStatus, type PostStream } from '~db/schema'
import type { Database } from '../platform/db.server'
import { LOCALES, type Locale } from '../i18n/locale'
import { mediaSrc, mediaSrcSet, scaledHeight } from '../media/media'
import type { PublicImage } from '../site/published-site.server'
import { renderMarkdown } from './markdown.server'
import { POSTS_PER_PAGE, postPath, shownLanguage, type PostText as Text } from './posts'

export const VISIBLE_STATUSES: PostStatus[] = ['published', 'scheduled']

/** What the public site shows now: published or scheduled, and due. */
export function shownNow(now: Date): SQL {
  return and(inArray(posts.status, VISIBLE_STATUSES), lte(posts.publishAt, now))!
}

export type LocaleTexts = Record<Locale, string>

/** A post in a public list, in the language the reader is shown. */
export interface PostCard {
  id: number
  stream: PostStream
  path: string
  title: string
  summary: string
  /** The language the texts are in; `lang` of the card when it is not the page's. */
  shownIn: Locale
  publishAt: string
  cover: PublicImage | null
  event: PublicEvent | null
}

export interface PublicEvent {
  start: string
  end: string | null
  place: string
  courseId: string | null
}

export interface PostList {
  posts: PostCard[]
  page: number
  pages: number
  total: number
}

function coverImage(cover: PostCover | null, alt: LocaleTexts, locale: Locale, fallback: string): PublicImage | null {
  if (!cover || cover.widths.length === 0) return null
  const width = cover.widths[cover.widths.length - 1]!
  return {
    src: mediaSrc(cover),
    srcSet: mediaSrcSet(cover),
    width,
    height: scaledHeight(cover, width),
    alt: alt[locale]?.trim() || alt.en?.trim() || fallback,
  }
}

function eventOf(
  row: { eventStart: Date | null; eventEnd: Date | null; place: LocaleTexts | null; courseId: string | null },
  locale: Locale,
): PublicEvent | null {
  if (!row.eventStart) return null
  return {
    start: row.eventStart.toISOString(),
    end: row.eventEnd?.toISOString() ?? null,
    place: row.place ? row.place[locale]?.trim() || row.place.en?.trim() || LOCALES.map((l) => row.place![l]).find(Boolean) || '' : '',
    courseId: row.courseId || null,
  }
}

const cardColumns = {
  id: posts.id,
  stream: posts.stream,
  slug: posts.slug,
  languages: posts.languages,
  publishAt: posts.publishAt,
  cover: posts.cover,
  coverAlt: posts.coverAlt,
  eventStart: posts.eventStart,
  eventEnd: posts.eventEnd,
  place: posts.place,
  courseId: posts.courseId,
  // The titles and summaries only: a list never carries the bodies.
  texts: sql<Record<Locale, Omit<Text, 'body'>>>`jsonb_build_object(${sql.join(
    LOCALES.map((l) => {
      const key = sql.raw(`'${l}'`)
      return sql`${key}, jsonb_build_object('title', ${posts.texts}->${key}->'title', 'summary', ${posts.texts}->${key}->'summary')`
    }),
    sql`, `,
  )})`,
}

type CardRow = {
  id: number
  stream: PostStream
  slug: string
  languages: string[]
  publishAt: Date | null
  cover: PostCover | null
  coverAlt: LocaleTexts
  eventStart: Date | null
  eventEnd: Date | null
  place: LocaleTexts | null
  courseId: string | null
  texts: Record<Locale, Omit<Text, 'body'>>
}

function cardOf(row: CardRow, locale: Locale): PostCard {
  const shownIn = shownLanguage(row.languages, locale)
  const texts = row.texts[shownIn]
  return {
    id: row.id,
    stream: row.stream,
    path: postPath(row, locale),
    title: texts.title,
    summary: texts.summary,
    shownIn,
    publishAt: (row.publishAt ?? new Date(0)).toISOString(),
    cover: coverImage(row.cover, row.coverAlt, locale, ''),
    event: eventOf(row, locale),
  }
}

/**
 * The cards of the posts `where` picks, in `order`, `limit` from `offset`. The page's ids are
 * chosen first from the narrow columns, so the texts (bodies included, stored out of line) are
 * read for those few rows only, not for every row the sort passes over.
 */
export async function selectCards(
  db: Database,
  { where, order, limit, offset = 0, locale }: { where: SQL; order: SQL[]; limit: number; offset?: number; locale: Locale },
): Promise<PostCard[]> {
  const pageIds = db
    .select({ id: posts.id })
    .from(posts)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
  const rows = await db
    .select(cardColumns)
    .from(posts)
    .where(inArray(posts.id, pageIds))
    .orderBy(...order)
  return (rows as CardRow[]).map((row) => cardOf(row, locale))
}

/**
 * A page of a stream's published posts for a reader: those written in the reader's language
 * first, newest first within each group, POSTS_PER_PAGE a page.
 */
export async function listPublicPosts(
  db: Database,
  { stream, locale, page, now }: { stream: PostStream; locale: Locale; page: number; now: Date },
): Promise<PostList> {
  const where = and(eq(posts.stream, stream), shownNow(now))!
  const order = [sql`${posts.languages} @> array[${locale}]::text[] desc`, desc(posts.publishAt), desc(posts.id)]
  const [cards, [total]] = await Promise.all([
    selectCards(db, { where, order, limit: POSTS_PER_PAGE, offset: (page - 1) * POSTS_PER_PAGE, locale }),
    db.select({ n: count() }).from(posts).where(where),
  ])
  const n = total?.n ?? 0
  return { posts: cards, page, pages: Math.max(1, Math.ceil(n / POSTS_PER_PAGE)), total: n }
}

/** A post's page as a reader sees it. */
export interface PostView extends PostCard {
  slug: string
  /** The body as sanitised HTML. */
  html: string
  author: string
  updatedAt: string
  /** The languages it is written in: its page's alternates. */
  languages: Locale[]
  status: PostStatus
}

export type FullRow = typeof posts.$inferSelect

function viewOf(row: FullRow, locale: Locale): PostView {
  const card = cardOf({ ...row, texts: row.texts } as CardRow, locale)
  return {
    ...card,
    cover: coverImage(row.cover, row.coverAlt, locale, card.title),
    slug: row.slug,
    html: renderBody(row, card.shownIn),
    author: row.authorName,
    updatedAt: row.updatedAt.toISOString(),
    languages: LOCALES.filter((l) => row.languages.includes(l)),
    status: row.status,
  }
}

/** Rendered bodies, by post, version and language: pure work, kept while the version stands. */
const rendered = new Map<string, string>()
function renderBody(row: FullRow, locale: Locale): string {
  const key = `${row.id}:${row.version}:${locale}`
  let html = rendered.get(key)
  if (html === undefined) {
    html = renderMarkdown(row.texts[locale].body)
    if (rendered.size > 500) rendered.clear()
    rendered.set(key, html)
  }
  return html
}

/** A published post of a stream, or null (never a draft, a scheduled post before its time, or an archived one). */
export async function readPublicPost(
  db: Database,
  { stream, id, locale, now }: { stream: PostStream; id: number; locale: Locale; now: Date },
): Promise<PostView | null> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.stream, stream), shownNow(now)))
  return row ? viewOf(row, locale) : null
}

/** Any post of a stream as staff preview it (drafts too), or null. */
export async function readPreviewPost(
  db: Database,
  { stream, id, locale }: { stream: PostStream; id: number; locale: Locale },
): Promise<PostView | null> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.stream, stream)))
  return row ? viewOf(row, locale) : null
}

/** Every published post of both streams, for the sitemap and the feeds: newest first. */
export async function publishedPosts(db: Database, now: Date, stream?: PostStream, limit = 5_000) {
  const rows = await db
    .select({
      id: posts.id,
      stream: posts.stream,
      slug: posts.slug,
      languages: posts.languages,
      publishAt: posts.publishAt,
      updatedAt: posts.updatedAt,
      authorName: posts.authorName,
      texts: posts.texts,
      cover: posts.cover,
      coverAlt: posts.coverAlt,
    })
    .from(posts)
    .where(stream ? and(eq(posts.stream, stream), shownNow(now)) : shownNow(now))
    .orderBy(desc(posts.publishAt), desc(posts.id))
    .limit(limit)
  return rows
}

// ---------------------------------------------------------------------------------------------
// The editor
// ---------------------------------------------------------------------------------------------
