/** The sitemap's entries for the published posts: each in the languages it is written in, with hreflang alternates. */
import type { Database } from '../platform/db.server'
import { LOCALES } from '../i18n/locale'
import type { SitemapPage } from '../seo/seo'
import { postPath } from './posts'
import { publishedPosts } from './post-reads.server'

export async function postSitemapPages(db: Database, now: Date): Promise<SitemapPage[]> {
  const rows = await publishedPosts(db, now)
  return rows.map((row) => {
    const languages = LOCALES.filter((locale) => row.languages.includes(locale))
    return {
      paths: Object.fromEntries(languages.map((locale) => [locale, postPath(row, locale)])),
      fallback: languages.includes('en') ? 'en' : (languages[0] ?? 'en'),
      lastmod: row.updatedAt.toISOString(),
    }
  })
}
