import { data } from 'react-router'

/**
 * Refuses a state-changing request sent from another site. Browsers send Origin on every POST;
 * Sec-Fetch-Site is the fallback for the rare one that does not.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin')
  const host = new URL(request.url).host
  if (origin) {
    let originHost: string
    try {
      originHost = new URL(origin).host
    } catch {
      throw data('Cross-site request refused.', { status: 403 })
    }
    if (originHost !== host) throw data('Cross-site request refused.', { status: 403 })
    return
  }
  const site = request.headers.get('sec-fetch-site')
  if (site && site !== 'same-origin' && site !== 'none') {
    throw data('Cross-site request refused.', { status: 403 })
  }
}
