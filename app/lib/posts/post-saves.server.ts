/**
 * Posts as the editor works them: the staff list, saves and restores. Every save writes the post,
 * its version in `post_history` and its audit entry in one transaction; a restore saves an earlier
 * version's content again as a new version.
 */
import { and, count, desc, eq, lte, or, sql, type SQL } from 'drizzle-orm'
import { postHistory, posts, staff, type PostCover, type PostStatus, type PostStream, type PostText } from '~db/schema'
import type { Database } from '../platform/db.server'
import { LOCALES, type Locale } from '../i18n/locale'
import { recordAudit, type AuditActor } from '../staff/audit.server'
import { POSTS_PER_PAGE, shownLanguage } from './posts'
import type { PostInput } from './post-form'
import { VISIBLE_STATUSES, type FullRow, type LocaleTexts } from './post-reads.server'

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
