import { env } from '~/lib/platform/env.server'
import { robotsTxt } from '~/lib/seo/seo'

/** /robots.txt: keeps crawlers out of the admin area and points them to the sitemap. */
export function loader() {
  return new Response(robotsTxt(env().PUBLIC_URL), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  })
}
