/**
 * The site's service worker (docs/decisions/022-offline.md), built by scripts/build-service-worker.js
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
import { KEEP_PAGE_MESSAGE } from '../app/lib/offline/offline-pages'
import {
  CACHE_NAMES,
  isHashedAsset,
  isOfflinePagePath,
  isPublicImage,
  isPublicNavigation,
  isSavedPage,
  localeOfPath,
  offlinePagePath,
} from '../app/lib/offline/saved-pages'
import { LOCALES } from '../app/lib/i18n/locale'
import { isDataPath, pagePathOf } from '../app/lib/platform/data-requests'
import { SYNC_TAG, allKept, isExpired, updateIfUnchanged, type KeptRequest } from '../app/lib/offline/kept-requests'

declare const self: ServiceWorkerGlobalScope
/** Background Sync's event (not in TypeScript's worker library yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string
}
/** The public pages' scripts of this build, written in by the build (hashed names, no revision). */
declare const PRECACHE_ENTRIES: PrecacheEntry[]

const DAY = 24 * 60 * 60
/** Only a plain, complete answer is kept: never a redirect, an error page or a partial response. */
const okOnly = new CacheableResponsePlugin({ statuses: [200] })
const notRedirected = { cacheWillUpdate: async ({ response }: { response: Response }) => (response.redirected ? null : response) }

/**
 * A page answered from the cache gets the line saying so, taken from the kept offline page of its
 * language (its `<template id="offline-line">`, components/offline-page.tsx) and put at the end of
 * `<body>`, so that the page's own scripts are not needed for it.
 */
const withOfflineLine = {
  cachedResponseWillBeUsed: async ({ request, cachedResponse }: { request: Request; cachedResponse?: Response }) => {
    const url = new URL(request.url)
    if (!cachedResponse?.headers.get('Content-Type')?.startsWith('text/html') || isOfflinePagePath(url.pathname)) return cachedResponse
    const line = OFFLINE_LINE.exec(await (await offlinePage(url)).text())?.[1]
    if (!line) return cachedResponse
    const html = (await cachedResponse.text()).replace(/<\/body>/, `${line}</body>`)
    return htmlResponse(html, cachedResponse)
  },
}
const OFFLINE_LINE = /<template id="offline-line">([\s\S]*?)<\/template>/

const precache = new PrecacheController()
precache.precache(PRECACHE_ENTRIES)

const pages = new NetworkFirst({
  cacheName: CACHE_NAMES.pages,
  // An English page varies by the visitor's cookie and language (its language notice); a request
  // the worker sees carries neither, so the stored copy is found by its address.
  matchOptions: { ignoreVary: true },
  plugins: [
    okOnly,
    notRedirected,
    withOfflineLine,
    new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true }),
  ],
})
const network = new NetworkOnly()

/**
 * Fetches the offline page of the address's language again, after a page was shown: it carries the
 * contacts as published now. A conditional request; the server usually answers 304.
 */
function keepOfflinePage(event: ExtendableEvent | undefined, url: URL) {
  const refreshed = caches
    .open(CACHE_NAMES.pages)
    .then((cache) => cache.add(offlinePagePath(localeOfPath(url.pathname))))
    .catch(() => undefined)
  event?.waitUntil(refreshed)
}

/** The page a data request is for: `/fa/clinic.data?_routes=…` → `/fa/clinic`, `/_.data` → `/`. */
function pageOfData(url: URL): string {
  const params = new URLSearchParams(url.search)
  params.delete('_routes')
  const query = params.toString()
  return pagePathOf(url.pathname) + (query ? `?${query}` : '')
}

/**
 * The offline page of the address's language, else of any language kept, without its scripts: it
 * stands in for another address, where its router state would not fit.
 */
async function offlinePage(url: URL): Promise<Response> {
  const cache = await caches.open(CACHE_NAMES.pages)
  const wanted = localeOfPath(url.pathname)
  for (const locale of [wanted, ...LOCALES.filter((other) => other !== wanted)]) {
    const page = await cache.match(offlinePagePath(locale), { ignoreVary: true })
    if (!page) continue
    const html = (await page.text()).replace(EXECUTABLE_SCRIPT, '')
    return htmlResponse(html, page)
  }
  return Response.error()
}
/** The kept response's headers (its policy among them) with a changed body. */
function htmlResponse(html: string, kept: Response): Response {
  const headers = new Headers(kept.headers)
  headers.delete('Content-Length')
  return new Response(html, { status: kept.status, statusText: kept.statusText, headers })
}

/** A script the browser would run (not a JSON data block). */
const EXECUTABLE_SCRIPT = /<script\b(?![^>]*type="application\/(?:ld\+)?json")[^>]*>[\s\S]*?<\/script>/g

const router = new Router()
router.registerRoute(new PrecacheRoute(precache))
router.registerRoute(
  new Route(
    ({ url, sameOrigin }) => sameOrigin && isSavedPage(url),
    async ({ request, event, url }) => {
      try {
        const page = await pages.handle({ request, event })
        if (request.mode === 'navigate' && navigator.onLine) keepOfflinePage(event, url)
        return page
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
// A link followed inside the site fetches only the next page's data. When that fails, React Router
// is told to load the address as a whole page (its single-fetch redirect), which is answered above.
router.registerRoute(
  new Route(
    ({ url, sameOrigin }) => sameOrigin && isDataPath(url.pathname) && isPublicNavigation(new URL(pagePathOf(url.pathname), url)),
    async ({ request, event, url }) => {
      try {
        return await network.handle({ request, event })
      } catch {
        return new Response(null, { status: 204, headers: { 'X-Remix-Redirect': pageOfData(url), 'X-Remix-Reload-Document': 'true' } })
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

self.addEventListener('fetch', (event) => {
  const answer = router.handleRequest({ request: event.request, event })
  if (answer) event.respondWith(answer)
})

// A new build's worker replaces the old one at once: pages come from the network first, and the
// precache holds only hashed files, so an open page never gets another build's scripts.
self.addEventListener('install', () => void self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

// Every public page asks, once the worker is active (app/lib/offline/registration.server.ts): one
// the browser fetched without the worker, opened before it took over or while it did, is kept now.
self.addEventListener('message', (event) => {
  if (event.data === KEEP_PAGE_MESSAGE && event.source instanceof WindowClient) event.waitUntil(keepPage(new URL(event.source.url)))
})

/** Keeps a page the worker has not kept yet, and the offline page of its language. */
async function keepPage(url: URL) {
  if (url.origin !== self.location.origin) return
  const cache = await caches.open(CACHE_NAMES.pages)
  const paths = [offlinePagePath(localeOfPath(url.pathname)), ...(isSavedPage(url) ? [url.pathname] : [])]
  await Promise.all(
    paths.map(async (path) => {
      if (!(await cache.match(path, { ignoreVary: true }))) await cache.add(path).catch(() => undefined)
    }),
  )
}

/**
 * Background Sync (where the browser has it): the requests kept on this phone when they could not
 * be sent (app/lib/offline/kept-requests.ts) go as soon as the connection returns, even with no
 * page of the site open. Each is posted as the form does without JavaScript, with its token, so
 * the server stores it once however often it is sent; its answer, read from the page that comes
 * back, is kept with it for the form to show at the next visit (the success and its WhatsApp
 * link, or the refusal), and the form then removes it. A send that fails makes the browser try
 * again later.
 */
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent
  if (sync.tag === SYNC_TAG) sync.waitUntil(sendKeptRequests())
})

async function sendKeptRequests(): Promise<void> {
  let failed = false
  for (const request of await allKept()) {
    if (request.answer !== undefined || isExpired(request)) continue
    const answer = await sendKept(request).catch(() => null)
    if (!answer || answer.status === 'error' || answer.status === 'unavailable') {
      failed = true
      continue
    }
    await updateIfUnchanged(request, { ...request, answer })
    // An open form shows the answer now (use-public-form.ts).
    for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ keptRequest: request.form })
  }
  if (failed) throw new Error('A kept request could not be sent yet.')
}

/** Posts the request as its form does without JavaScript; its answer, or null when the page has none. */
async function sendKept(request: KeptRequest): Promise<{ status: string } | null> {
  const response = await fetch(request.action, {
    method: 'POST',
    body: new URLSearchParams(request.entries),
    credentials: 'same-origin',
    redirect: 'manual',
  })
  const html = await response.text()
  const block = new RegExp(`<script[^>]*\\bid="${request.form}-answer"[^>]*>([\\s\\S]*?)</script>`).exec(html)
  if (!block) return null
  const answer: unknown = JSON.parse(block[1]!)
  return typeof answer === 'object' && answer !== null && 'status' in answer && typeof answer.status === 'string'
    ? (answer as { status: string })
    : null
}
