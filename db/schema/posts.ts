/** Posts: the academy's News & Events and the clinic's articles (docs/decisions/036-posts.md). */
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { staff } from './staff'

import { POST_STATUSES, POST_STREAMS, type PostStatus, type PostStream } from '../kinds'

export { POST_STATUSES, POST_STREAMS, type PostStatus, type PostStream }

/** A post's texts in one language; a language whose title is empty is not written. */
export interface PostText {
  title: string
  summary: string
  /** Markdown (no raw HTML): rendered and sanitised on the server. */
  body: string
}
/** A cover image from the media library, stored with its sizes so pages need no join. */
export interface PostCover {
  name: string
  width: number
  height: number
  widths: number[]
}

/**
 * One post. Public pages show it while its status is published or scheduled and `publish_at` has
 * passed; `languages` lists the languages it is written in, for the lists' order.
 */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    stream: text('stream').$type<PostStream>().notNull(),
    /** The readable part of the address (`/clinic/blog/12-brushing-twice-a-day`); the id decides. */
    slug: text('slug').notNull().default(''),
    status: text('status').$type<PostStatus>().notNull().default('draft'),
    /** When it appears (published: when it did; scheduled: when it will). */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    texts: jsonb('texts').$type<{ en: PostText; fa: PostText; ps: PostText }>().notNull(),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    cover: jsonb('cover').$type<PostCover>(),
    coverAlt: jsonb('cover_alt').$type<{ en: string; fa: string; ps: string }>().notNull().default({ en: '', fa: '', ps: '' }),
    authorId: integer('author_id').references(() => staff.id, { onDelete: 'set null' }),
    /** The author's name when the post was written, so it still shows after the account is gone. */
    authorName: text('author_name').notNull().default(''),
    /** Events (news only): start and optional end, place per language, optional course id. */
    eventStart: timestamp('event_start', { withTimezone: true }),
    eventEnd: timestamp('event_end', { withTimezone: true }),
    place: jsonb('place').$type<{ en: string; fa: string; ps: string }>(),
    courseId: text('course_id'),
    /** Bumped by every save: a save over a newer version is refused. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('posts_stream_publish_at_idx').on(table.stream, table.publishAt.desc(), table.id.desc()),
    index('posts_event_start_idx').on(table.eventStart),
    check('posts_stream_check', sql`${table.stream} in ('news', 'articles')`),
    check('posts_status_check', sql`${table.status} in ('draft', 'scheduled', 'published', 'archived')`),
  ],
)

/** Every saved version of a post (the whole row's content): who saved it and when; restorable. */
export const postHistory = pgTable(
  'post_history',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    savedBy: integer('saved_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (table) => [index('post_history_post_idx').on(table.postId, table.id.desc())],
)
