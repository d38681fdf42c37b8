/**
 * The Posts screen's server side beyond the saves (posts.server.ts): a stored post as the editor's
 * form, and the checks a form needs from the database before a save (the cover and the body's
 * images are the media library's, the course is offered).
 */
import { eq } from 'drizzle-orm'
import { posts, type PostCover } from '~db/schema'
import type { Database } from '../platform/db.server'
import { kabulDateTime } from '../i18n/staff-dates'
import { LOCALES, type Locale } from '../i18n/locale'
import { listMedia } from '../media/media.server'
import { MEDIA_FILE } from '../media/media'
import { blankPostForm, type PostFormValues, type PostInput } from './post-form'
import { effectiveStatus, slugify, type PostStatus, type PostStream } from './posts'

/** A stored post as the editor opens it. */
export interface EditedPost {
  id: number
  stream: PostStream
  /** As staff see it: a scheduled post whose time has come is published. */
  status: PostStatus
  version: number
  slug: string
  languages: Locale[]
  author: string
  updatedAt: Date
  values: PostFormValues
}

/** 'YYYY-MM-DD' and 'HH:MM' of an instant in Kabul ('' and '' for none). */
function kabulParts(date: Date | null): [string, string] {
  if (!date) return ['', '']
  const [day, clock] = kabulDateTime(date).split(' ')
  return [day!, clock!]
}

/** A post as its editor's form, or null when there is no such post. */
export async function readEditedPost(db: Database, id: number, now = new Date()): Promise<EditedPost | null> {
  const [row] = await db.select().from(posts).where(eq(posts.id, id))
  if (!row) return null
  const [publishDate, publishTime] = kabulParts(row.publishAt)
  const [eventStartDate, eventStartTime] = kabulParts(row.eventStart)
  const [eventEndDate, eventEndTime] = kabulParts(row.eventEnd)
  const blank = blankPostForm(row.stream)
  return {
    id: row.id,
    stream: row.stream,
    status: effectiveStatus(row, now),
    version: row.version,
    slug: row.slug,
    languages: LOCALES.filter((l) => row.languages.includes(l)),
    author: row.authorName,
    updatedAt: row.updatedAt,
    values: {
      ...blank,
      slug: row.slug,
      // A scheduled post that has appeared is saved again as published (its time is past).
      status: effectiveStatus(row, now),
      publishDate,
      publishTime,
      texts: Object.fromEntries(LOCALES.map((l) => [l, row.texts[l] ?? blank.texts[l]])) as PostFormValues['texts'],
      cover: row.cover?.name ?? '',
      coverAlt: row.coverAlt,
      eventStartDate,
      eventStartTime: row.eventStart ? eventStartTime : '',
      eventEndDate,
      eventEndTime: row.eventEnd ? eventEndTime : '',
      place: row.place ?? blank.place,
      course: row.courseId ?? '',
    },
  }
}

/** The stream of a post, or null when there is no such post (the action's role check reads it first). */
export async function streamOfPost(db: Database, id: number): Promise<PostStream | null> {
  const [row] = await db.select({ stream: posts.stream }).from(posts).where(eq(posts.id, id))
  return row?.stream ?? null
}

const BODY_IMAGE = /!\[[^\]]*\]\(\s*<?([^)\s>]+)>?[^)]*\)/g

/** The media file names (`<hash>`) a Markdown body shows, and whether it refers to any other image. */
function bodyImages(body: string): { names: string[]; foreign: boolean } {
  const names: string[] = []
  let foreign = false
  for (const match of body.matchAll(BODY_IMAGE)) {
    const file = /^\/media\/([^/?#]+)$/.exec(match[1]!)
    const name = file ? MEDIA_FILE.exec(file[1]!)?.[1] : undefined
    if (name) names.push(name)
    else foreign = true
  }
  return { names, foreign }
}

/** Field errors (codes of `posts.editor.errors`, by form field) and the cover with its sizes. */
export interface CheckedReferences {
  errors: Record<string, 'coverUnknown' | 'imageUnknown' | 'courseUnknown'>
  cover: PostCover | null
}

/**
 * Checks what a valid form names outside itself: the cover and every image of the bodies must be
 * in the media library, and an event's course one of the site's courses (`courseIds`).
 */
export async function checkPostReferences(db: Database, input: PostInput, courseIds: readonly string[]): Promise<CheckedReferences> {
  const errors: CheckedReferences['errors'] = {}
  const library = new Map((await listMedia(db)).map((image) => [image.name, image]))
  const image = input.cover ? library.get(input.cover) : undefined
  if (input.cover && !image) errors.cover = 'coverUnknown'
  for (const locale of LOCALES) {
    const { names, foreign } = bodyImages(input.texts[locale].body)
    if (foreign || names.some((name) => !library.has(name))) errors[`texts.${locale}.body`] = 'imageUnknown'
  }
  if (input.course && !courseIds.includes(input.course)) errors.course = 'courseUnknown'
  const cover = image ? { name: image.name, width: image.width, height: image.height, widths: image.widths } : null
  return { errors, cover }
}

/** The address a save stores: the one typed, or one made from the English title. */
export function slugToStore(input: PostInput): string {
  return input.slug || slugify(input.texts.en.title)
}
