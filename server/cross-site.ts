/**
 * A post from another site is refused with 403 before any action runs or reads its body, as
 * docs/security.md says: the same check as every action's (`isCrossSite`: Origin, else
 * Sec-Fetch-Site). Without it React Router answers a document post whose Origin names another
 * host with 400 itself, and the answer depended on the kind of request.
 */
import { isCrossSite } from '~/lib/platform/origin.server'
import type { FetchHandler } from './request-handler'

export function refuseCrossSitePosts(handler: FetchHandler): FetchHandler {
  return async (request, context) => {
    if (request.method === 'POST' && isCrossSite(request)) {
      return new Response('Cross-site request refused.\n', {
        status: 403,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      })
    }
    return handler(request, context)
  }
}
