/**
 * Posts in the database: the public lists and pages (only what is published and due), and the
 * editor's reads and saves. Every save writes the post, its version in `post_history` and its audit
 * entry in one transaction; a restore saves an earlier version's content again as a new version.
 */
import { and, count, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm'
import { postHistory, posts, staff, type PostCover, type PostStatus, type PostStream, type PostText } from '~db/schema'
import type { Database } from '../platform/db.server'
import { LOCALES, type Locale } from '../i18n/locale'
import { mediaSrc, mediaSrcSet, scaledHeight } from '../media/media'
import type { PublicImage } from '../site/published-site.server'
import { recordAudit, type AuditActor } from '../staff/audit.server'
import { renderMarkdown } from './markdown.server'
import { POSTS_PER_PAGE, postPath, shownLanguage, type PostText as Text } from './posts'
import type { PostInput } from './post-form'

const VISIBLE_STATUSES: PostStatus[] = ['published', 'scheduled']

/** What the public site shows now: published or scheduled, and due. */
export function shownNow(now: Date): SQL {
  return and(inArray(posts.status, VISIBLE_STATUSES), lte(posts.publishAt, now))!
}

type LocaleTexts = Record<Locale, string>

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

type FullRow = typeof posts.$inferSelect

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

export interface StaffPostRow {
  id: number
  stream: PostStream
  status: PostStatus
  title: string
  languages: Locale[]
  publishAt: Date | null
  updatedAt: Date
  author: string
}

export interface StaffPostFilter {
  stream?: PostStream
  status?: PostStatus
  language?: Locale
  page: number
  now: Date
}

/** The Posts screen's list: newest change first, filtered by stream, status (as staff see it) and language. */
export async function listStaffPosts(
  db: Database,
  filter: StaffPostFilter,
): Promise<{ rows: StaffPostRow[]; total: number; pages: number }> {
  const conditions: SQL[] = []
  if (filter.stream) conditions.push(eq(posts.stream, filter.stream))
  if (filter.language) conditions.push(sql`${posts.languages} @> array[${filter.language}]::text[]`)
  if (filter.status === 'published')
    conditions.push(or(eq(posts.status, 'published'), and(eq(posts.status, 'scheduled'), lte(posts.publishAt, filter.now)))!)
  else if (filter.status === 'scheduled') conditions.push(and(eq(posts.status, 'scheduled'), sql`${posts.publishAt} > ${filter.now}`)!)
  else if (filter.status) conditions.push(eq(posts.status, filter.status))
  const where = conditions.length ? and(...conditions) : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: posts.id,
        stream: posts.stream,
        status: posts.status,
        texts: sql<Record<Locale, { title: string }>>`${posts.texts} #- '{en,body}' #- '{fa,body}' #- '{ps,body}'`,
        languages: posts.languages,
        publishAt: posts.publishAt,
        updatedAt: posts.updatedAt,
        author: posts.authorName,
      })
      .from(posts)
      .where(where)
      .orderBy(desc(posts.updatedAt), desc(posts.id))
      .limit(POSTS_PER_PAGE * 2)
      .offset((filter.page - 1) * POSTS_PER_PAGE * 2),
    db.select({ n: count() }).from(posts).where(where),
  ])
  const n = total?.n ?? 0
  return {
    rows: rows.map((row) => {
      const languages = LOCALES.filter((l) => row.languages.includes(l))
      return {
        id: row.id,
        stream: row.stream,
        status: row.status === 'scheduled' && row.publishAt && row.publishAt <= filter.now ? 'published' : row.status,
        title: row.texts[shownLanguage(languages, 'en')]?.title ?? '',
        languages,
        publishAt: row.publishAt,
        updatedAt: row.updatedAt,
        author: row.author,
      }
    }),
    total: n,
    pages: Math.max(1, Math.ceil(n / (POSTS_PER_PAGE * 2))),
  }
}

/** A save over a version saved meanwhile by someone else. */
export class PostConflictError extends Error {
  constructor(
    readonly savedBy: string | null,
    readonly savedAt: Date,
  ) {
    super('The post was changed meanwhile')
  }
}

/** The content a version keeps and a restore brings back. */
interface PostContent {
  slug: string
  texts: Record<Locale, PostText>
  languages: string[]
  cover: PostCover | null
  coverAlt: LocaleTexts
  eventStart: string | null
  eventEnd: string | null
  place: LocaleTexts | null
  courseId: string | null
  status: PostStatus
  publishAt: string | null
}

function contentOf(row: FullRow): PostContent {
  return {
    slug: row.slug,
    texts: row.texts,
    languages: row.languages,
    cover: row.cover,
    coverAlt: row.coverAlt,
    eventStart: row.eventStart?.toISOString() ?? null,
    eventEnd: row.eventEnd?.toISOString() ?? null,
    place: row.place,
    courseId: row.courseId,
    status: row.status,
    publishAt: row.publishAt?.toISOString() ?? null,
  }
}

/** The time a save publishes at: a scheduled post's own, a published post's first, now for a new publication. */
function publishTime(input: PostInput, previous: FullRow | null, now: Date): Date | null {
  const wasShown = previous && VISIBLE_STATUSES.includes(previous.status) && previous.publishAt && previous.publishAt <= now
  switch (input.status) {
    case 'scheduled':
      return input.publishAt
    case 'published':
      return wasShown ? previous.publishAt : input.publishAt && input.publishAt <= now ? input.publishAt : now
    case 'archived':
      return previous?.publishAt ?? input.publishAt
    case 'draft':
      return input.publishAt
  }
}

/**
 * Creates (`id` null) or updates a post, with its new version in the history and the audit entry,
 * in one transaction. `expectedVersion` is the version the editor started from: a newer one is
 * refused with PostConflictError. Returns the post's id.
 */
export async function savePost(
  db: Database,
  actor: AuditActor & { displayName: string },
  id: number | null,
  input: PostInput,
  cover: PostCover | null,
  { expectedVersion, now = new Date() }: { expectedVersion?: number | null; now?: Date } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    let previous: FullRow | null = null
    if (id !== null) {
      const [row] = await tx.select().from(posts).where(eq(posts.id, id)).for('update')
      if (!row) throw new PostNotFoundError()
      previous = row
      if (expectedVersion !== undefined && expectedVersion !== null && row.version !== expectedVersion) {
        const [by] = row.updatedBy ? await tx.select({ name: staff.displayName }).from(staff).where(eq(staff.id, row.updatedBy)) : []
        throw new PostConflictError(by?.name ?? null, row.updatedAt)
      }
    }
    const values = {
      slug: input.slug,
      status: input.status,
      publishAt: publishTime(input, previous, now),
      texts: input.texts,
      languages: input.languages,
      cover,
      coverAlt: input.coverAlt,
      eventStart: input.eventStart,
      eventEnd: input.eventEnd,
      place: input.place,
      courseId: input.course || null,
      updatedAt: now,
      updatedBy: actor.id,
    }
    let saved: FullRow
    if (previous) {
      ;[saved] = (await tx
        .update(posts)
        .set({ ...values, version: previous.version + 1 })
        .where(eq(posts.id, previous.id))
        .returning()) as [FullRow]
    } else {
      ;[saved] = (await tx
        .insert(posts)
        .values({ ...values, stream: input.stream, authorId: actor.id, authorName: actor.displayName, createdAt: now })
        .returning()) as [FullRow]
    }
    await tx
      .insert(postHistory)
      .values({ postId: saved.id, value: contentOf(saved) as unknown as Record<string, unknown>, savedBy: actor.id, savedAt: now })
    await recordAudit(tx as unknown as Database, actor, 'post-save', `post:${saved.id}`, {
      stream: saved.stream,
      status: saved.status,
      created: previous === null,
      version: saved.version,
    })
    return saved.id
  })
}

class PostNotFoundError extends Error {
  constructor() {
    super('No such post')
  }
}

export interface PostVersion {
  id: number
  savedAt: Date
  savedBy: string | null
  status: PostStatus
}

/** A post's saved versions, newest first. */
export async function listPostVersions(db: Database, postId: number, limit = 20): Promise<PostVersion[]> {
  const rows = await db
    .select({ id: postHistory.id, savedAt: postHistory.savedAt, savedBy: staff.displayName, value: postHistory.value })
    .from(postHistory)
    .leftJoin(staff, eq(staff.id, postHistory.savedBy))
    .where(eq(postHistory.postId, postId))
    .orderBy(desc(postHistory.id))
    .limit(limit)
  return rows.map((row) => ({
    id: row.id,
    savedAt: row.savedAt,
    savedBy: row.savedBy,
    status: (row.value as { status?: PostStatus }).status ?? 'draft',
  }))
}

/**
 * Brings back an earlier version's content (texts, address, cover, event) as a new version; the
 * post's status and publication time stay as they are. False when there is no such version.
 */
export async function restorePostVersion(
  db: Database,
  actor: AuditActor,
  postId: number,
  versionId: number,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [version] = await tx
      .select({ value: postHistory.value })
      .from(postHistory)
      .where(and(eq(postHistory.id, versionId), eq(postHistory.postId, postId)))
    const [row] = await tx.select().from(posts).where(eq(posts.id, postId)).for('update')
    if (!version || !row) return false
    const old = version.value as unknown as PostContent
    const [saved] = (await tx
      .update(posts)
      .set({
        slug: old.slug,
        texts: old.texts,
        languages: old.languages,
        cover: old.cover,
        coverAlt: old.coverAlt,
        eventStart: old.eventStart ? new Date(old.eventStart) : null,
        eventEnd: old.eventEnd ? new Date(old.eventEnd) : null,
        place: old.place,
        courseId: old.courseId,
        version: row.version + 1,
        updatedAt: now,
        updatedBy: actor.id,
      })
      .where(eq(posts.id, postId))
      .returning()) as [FullRow]
    await tx
      .insert(postHistory)
      .values({ postId, value: contentOf(saved) as unknown as Record<string, unknown>, savedBy: actor.id, savedAt: now })
    await recordAudit(tx as unknown as Database, actor, 'post-restore', `post:${postId}`, { version: versionId })
    return true
  })
}
