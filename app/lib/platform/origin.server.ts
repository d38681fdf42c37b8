import { data } from 'react-router'

/**
 * Whether a request was sent from another site. Browsers send Origin on every POST; Sec-Fetch-Site
 * is the fallback for the rare one that does not. An Origin that is not an address counts as
 * another site.
 */
export function isCrossSite(request: Request): boolean {
  const origin = request.headers.get('origin')
  if (origin) {
    try {
      return new URL(origin).host !== new URL(request.url).host
    } catch {
      return true
    }
  }
  const site = request.headers.get('sec-fetch-site')
  return site !== null && site !== 'same-origin' && site !== 'none'
}

/** Refuses a state-changing request sent from another site. */
export function assertSameOrigin(request: Request): void {
  if (isCrossSite(request)) throw data('Cross-site request refused.', { status: 403 })
}
