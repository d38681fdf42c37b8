/**
 * What the service worker may keep, shared by the worker (service-worker/) and the pages that
 * register it. Only the public site is ever stored: staff pages, `/admin` data, exports and form
 * answers never match these rules (docs/decisions/022-offline.md).
 */
import { LOCALES, splitLocalePath, type Locale } from '../i18n/locale'
import { isPostPagePath, isPublicPath } from '../seo/seo'
import { offlinePagePath } from './offline-pages'

export { OFFLINE_PATH, offlinePagePath } from './offline-pages'

/** The caches the worker fills at run time (the precache has its own name, made by Workbox). */
export const CACHE_NAMES = {
  pages: 'public-pages',
  assets: 'assets',
  media: 'media',
} as const

/** Whether `pathname` is one of the three offline pages. */
export function isOfflinePagePath(pathname: string): boolean {
  return LOCALES.some((locale) => offlinePagePath(locale) === pathname)
}

/**
 * A public page that may be kept, by its address: a page of the site's list or a post's page (one
 * a visitor has read stays readable offline) in any language, or an offline page, with no query string (a query is a form's answer, `?index`, or something the page
 * does not show to everyone).
 */
export function isSavedPage(url: URL): boolean {
  if (url.search) return false
  if (isOfflinePagePath(url.pathname)) return true
  const { path } = splitLocalePath(url.pathname)
  return isPublicPath(path) || isPostPagePath(path)
}

/** A page the offline page may stand in for: any address that is not the staff panel's. */
export function isPublicNavigation(url: URL): boolean {
  return !/^\/admin(\/|$)/.test(url.pathname)
}

/** The built files every page is made from (content-hashed names, never changed in place). */
export function isHashedAsset(url: URL): boolean {
  return url.pathname.startsWith('/assets/') && !url.search
}

/** Uploaded images (their content-hashed WebP variants) and the site's icon. */
export function isPublicImage(url: URL): boolean {
  return (url.pathname.startsWith('/media/') || url.pathname === '/favicon.svg') && !url.search
}

/** The language of an address, for the offline page to show. */
export function localeOfPath(pathname: string): Locale {
  return splitLocalePath(pathname).locale
}
