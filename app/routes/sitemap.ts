import { env } from '~/lib/platform/env.server'
import { sitemapXml } from '~/lib/seo/seo'

/** /sitemap.xml: every public page in English, Dari and Pashto, with hreflang alternates. */
export function loader() {
  return new Response(sitemapXml(env().PUBLIC_URL), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  })
}
