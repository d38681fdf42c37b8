/**
 * The site's service worker (docs/decisions/023-offline.md), built by scripts/build-service-worker.js
 * into build/client/sw.js. It keeps the public pages a visitor has opened, and the files they are
 * made from, so that they open without a connection; any other public page then gets the offline
 * page of its language. Pages come from the network first, so a publish shows at the next online
 * navigation. Staff pages, /admin data, exports and form answers are never matched, never stored.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { PrecacheController, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching'
import { Route, Router } from 'workbox-routing'
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies'
import {
  CACHE_NAMES,
  isHashedAsset,
  isPublicImage,
  isPublicNavigation,
  isSavedPage,
  localeOfPath,
  offlinePagePath,
} from '../app/lib/offline/saved-pages'
import { LOCALES } from '../app/lib/i18n/locale'

declare const self: ServiceWorkerGlobalScope
/** The public pages' scripts of this build, written in by the build (hashed names, no revision). */
declare const PRECACHE_ENTRIES: PrecacheEntry[]

const DAY = 24 * 60 * 60
/** Only a plain, complete answer is kept: never a redirect, an error page or a partial response. */
const okOnly = new CacheableResponsePlugin({ statuses: [200] })
const notRedirected = { cacheWillUpdate: async ({ response }: { response: Response }) => (response.redirected ? null : response) }

const precache = new PrecacheController()
precache.precache(PRECACHE_ENTRIES)

const pages = new NetworkFirst({
  cacheName: CACHE_NAMES.pages,
  // An English page varies by the visitor's cookie and language (its language notice); a request
  // the worker sees carries neither, so the stored copy is found by its address.
  matchOptions: { ignoreVary: true },
  plugins: [okOnly, notRedirected, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true })],
})
const network = new NetworkOnly()

/** The offline page of the address's language, else of any language kept. */
async function offlinePage(url: URL): Promise<Response> {
  const cache = await caches.open(CACHE_NAMES.pages)
  const wanted = localeOfPath(url.pathname)
  for (const locale of [wanted, ...LOCALES.filter((other) => other !== wanted)]) {
    const page = await cache.match(offlinePagePath(locale), { ignoreVary: true })
    if (page) return page
  }
  return Response.error()
}

const router = new Router()
router.registerRoute(new PrecacheRoute(precache))
router.registerRoute(
  new Route(
    ({ url, sameOrigin }) => sameOrigin && isSavedPage(url),
    async ({ request, event, url }) => {
      try {
        return await pages.handle({ request, event })
      } catch (error) {
        if (request.mode === 'navigate') return offlinePage(url)
        throw error
      }
    },
  ),
)
// Any other page of the public site (an address with a query, an unknown one) when the network fails.
router.registerRoute(
  new Route(
    ({ url, request, sameOrigin }) => sameOrigin && request.mode === 'navigate' && isPublicNavigation(url),
    async ({ request, event, url }) => {
      try {
        return await network.handle({ request, event })
      } catch {
        return offlinePage(url)
      }
    },
  ),
)
// Fonts and the icon sprite (the public scripts are in the precache; staff files are never kept).
router.registerRoute(
  new Route(
    ({ url, sameOrigin }) => sameOrigin && isHashedAsset(url) && /\.(woff2?|svg)$/.test(url.pathname),
    new CacheFirst({
      cacheName: CACHE_NAMES.assets,
      plugins: [okOnly, new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 365 * DAY, purgeOnQuotaError: true })],
    }),
  ),
)
router.registerRoute(
  new Route(
    ({ url, sameOrigin }) => sameOrigin && isPublicImage(url),
    new CacheFirst({
      cacheName: CACHE_NAMES.media,
      plugins: [okOnly, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })],
    }),
  ),
)
// A page that was open before the worker took over asks it to keep that page and its files.
router.addCacheListener()

self.addEventListener('fetch', (event) => {
  const answer = router.handleRequest({ request: event.request, event })
  if (answer) event.respondWith(answer)
})

// A new build's worker replaces the old one at once: pages come from the network first, and the
// precache holds only hashed files, so an open page never gets another build's scripts.
self.addEventListener('install', () => void self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))
