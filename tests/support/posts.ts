import type { PostCover, PostStream } from '~db/schema'
import { LOCALES, type Locale } from '~/lib/i18n/locale'
import type { Database } from '~/lib/platform/db.server'
import { savePost } from '~/lib/posts/post-saves.server'
import { createTestStaff } from './staff'

type Texts = Partial<Record<Locale, { title: string; summary?: string; body?: string }>>

export interface TestPost {
  stream: PostStream
  texts: Texts
  /** When it is published (the save's time). */
  at: Date
  slug?: string
  cover?: PostCover | null
  event?: { start: Date; end?: Date; place?: string; course?: string }
}

/** The author of test posts: an editor account, made once per database. */
export async function createTestAuthor(db: Database) {
  const id = await createTestStaff(db, 'admin', 'author')
  return { id, username: 'author', displayName: 'Dr. Author' }
}

/** A published post saved as the editor saves it (history and audit included); returns its id. */
export function publishTestPost(db: Database, author: Awaited<ReturnType<typeof createTestAuthor>>, post: TestPost): Promise<number> {
  const texts = Object.fromEntries(
    LOCALES.map((l) => [l, { title: post.texts[l]?.title ?? '', summary: post.texts[l]?.summary ?? '', body: post.texts[l]?.body ?? '' }]),
  ) as Record<Locale, { title: string; summary: string; body: string }>
  const place = { en: post.event?.place ?? '', fa: '', ps: '' }
  return savePost(
    db,
    author,
    null,
    {
      stream: post.stream,
      slug: post.slug ?? '',
      status: 'published',
      publishAt: null,
      texts,
      languages: LOCALES.filter((l) => texts[l].title !== ''),
      cover: post.cover ? post.cover.name : '',
      coverAlt: { en: '', fa: '', ps: '' },
      eventStart: post.event?.start ?? null,
      eventEnd: post.event?.end ?? null,
      place: post.event ? place : null,
      course: post.event?.course ?? '',
    },
    post.cover ?? null,
    { now: post.at },
  )
}
