/**
 * React Router's data requests (single fetch): the running page asks for a page's loader data, and
 * posts its forms, at the page's address with `.data` added. Addresses follow React Router 8's
 * trailing-slash-aware form (`future.v8_trailingSlashAwareDataRequests`): `/clinic` → `/clinic.data`,
 * `/clinic/` → `/clinic/_.data`, `/` → `/_.data` (docs/decisions/028-react-router-v8-flags.md).
 * Every place that builds or reads such an address (the server, the service worker, the tests) goes
 * through these three functions.
 */

const DATA_SUFFIX = '.data'
/** What a path ending in `/` gets before `.data`. */
const SLASH_DATA_SUFFIX = `/_${DATA_SUFFIX}`

/** Whether `pathname` is a data request's (any query is not part of it). */
export function isDataPath(pathname: string): boolean {
  return pathname.endsWith(DATA_SUFFIX)
}

/**
 * The page a path is for: a data request's page (`/fa/clinic.data` → `/fa/clinic`, `/_.data` → `/`,
 * `/clinic/_.data` → `/clinic/`); any other path is a page's already and comes back unchanged.
 */
export function pagePathOf(pathname: string): string {
  if (pathname.endsWith(SLASH_DATA_SUFFIX)) return pathname.slice(0, -SLASH_DATA_SUFFIX.length + 1)
  if (pathname.endsWith(DATA_SUFFIX)) return pathname.slice(0, -DATA_SUFFIX.length)
  return pathname
}

/** The path of a page's data request: `/clinic` → `/clinic.data`, `/` → `/_.data`, `/clinic/` → `/clinic/_.data`. */
export function dataPathOf(pagePath: string): string {
  return pagePath.endsWith('/') ? `${pagePath}_${DATA_SUFFIX}` : `${pagePath}${DATA_SUFFIX}`
}
