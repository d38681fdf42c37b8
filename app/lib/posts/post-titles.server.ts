/**
 * Post pages named by their titles, for the staff panel (the site analytics' top pages): the title
 * in the staff member's language, else in English, else in the first language the post is written in.
 */
import { inArray, sql } from 'drizzle-orm'
import { posts, type PostStream } from '~db/schema'
import type { Database } from '../platform/db.server'
import { LOCALES, type Locale } from '../i18n/locale'
import { postIdOfParam, shownLanguage, STREAM_PATH } from './posts'

/**
 * The titles of post pages ('/clinic/blog/12-brushing-twice-a-day', '/academy/news/7'), by page. A
 * page that names no post of its stream, or a post without any title, is left out.
 */
export async function postTitlesByPage(db: Database, pages: readonly string[], locale: Locale): Promise<Record<string, string>> {
  const wanted = pages.flatMap((page) => {
    const post = postOfPage(page)
    return post ? [{ page, ...post }] : []
  })
  if (wanted.length === 0) return {}
  const rows = await db
    .select({
      id: posts.id,
      stream: posts.stream,
      languages: posts.languages,
      titles: sql<
        Record<Locale, string>
      >`jsonb_build_object('en', ${posts.texts}->'en'->'title', 'fa', ${posts.texts}->'fa'->'title', 'ps', ${posts.texts}->'ps'->'title')`,
    })
    .from(posts)
    .where(inArray(posts.id, [...new Set(wanted.map((post) => post.id))]))
  const titles: Record<string, string> = {}
  for (const { page, id, stream } of wanted) {
    const row = rows.find((candidate) => candidate.id === id && candidate.stream === stream)
    if (!row) continue
    const title = titleIn(row.titles, shownLanguage(row.languages, locale))
    if (title) titles[page] = title
  }
  return titles
}

function titleIn(titles: Partial<Record<Locale, string | null>>, language: Locale): string {
  const first = [language, ...LOCALES].map((candidate) => titles[candidate]?.trim() ?? '').find(Boolean)
  return first ?? ''
}

/** The stream and id a post page's unprefixed address names, or null. */
function postOfPage(page: string): { stream: PostStream; id: number } | null {
  for (const [stream, base] of Object.entries(STREAM_PATH) as Array<[PostStream, string]>) {
    if (!page.startsWith(`${base}/`)) continue
    const segment = page.slice(base.length + 1)
    const id = segment.includes('/') ? null : postIdOfParam(segment)
    return id === null ? null : { stream, id }
  }
  return null
}
