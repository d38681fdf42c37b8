import { database } from '~/lib/platform/db.server'
import { env } from '~/lib/platform/env.server'
import { postSitemapPages } from '~/lib/posts/post-sitemap.server'
import { sitemapXml } from '~/lib/seo/seo'

/** /sitemap.xml: every public page in English, Dari and Pashto, and every published post in its languages, with hreflang alternates. */
export async function loader() {
  const posts = await postSitemapPages(await database(), new Date())
  return new Response(sitemapXml(env().PUBLIC_URL, undefined, posts), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      // Scheduled posts join it at their time: crawlers and caches ask again within minutes.
      'Cache-Control': 'public, max-age=300',
    },
  })
}
