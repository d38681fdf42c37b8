/**
 * What the pages need to know of the service worker (docs/decisions/022-offline.md), kept apart
 * from the worker's rules (saved-pages.ts) so that every page's scripts stay small.
 */
import { localizePath, type Locale } from '../i18n/locale'

/** The page shown, offline, for a public page that was never opened on this device. */
export const OFFLINE_PATH = '/offline'

/** The worker's address; its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js'

/**
 * What a page tells the worker once it is ready: keep me if you have not. A page the browser fetched
 * without the worker (opened before it took over, or while it did) is otherwise never kept.
 */
export const KEEP_PAGE_MESSAGE = 'keep-page'

/** The offline page in a language: `/offline`, `/fa/offline`, `/ps/offline`. */
export function offlinePagePath(locale: Locale): string {
  return localizePath(OFFLINE_PATH, locale)
}

/** The web app manifest of a language and site: `/fa/manifest.webmanifest`, `…?site=academy`. */
export function manifestPath(locale: Locale, site: 'clinic' | 'academy'): string {
  return localizePath('/manifest.webmanifest', locale) + (site === 'academy' ? '?site=academy' : '')
}
