import { useEffect } from 'react'
import type { Locale } from '../i18n/locale'
import { SERVICE_WORKER_URL, isHashedAsset, isPublicImage, isSavedPage, offlinePagePath, type CacheUrlsMessage } from './saved-pages'

/**
 * Registers the service worker once the page has loaded, so the first visit downloads nothing more
 * before it is usable; or, when the server has switched it off, unregisters the one this browser
 * has (docs/decisions/023-offline.md). Each full page load then asks the worker to keep the offline
 * page of its language fresh, and, on the visit that installed the worker, the page itself and
 * the files it was drawn with.
 */
export function useServiceWorker(wanted: 'register' | 'unregister' | 'leave', locale: Locale) {
  useEffect(() => {
    if (!('serviceWorker' in navigator) || wanted === 'leave') return
    const workers = navigator.serviceWorker
    if (wanted === 'unregister') {
      void workers.getRegistrations().then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
      return
    }
    const wasControlled = Boolean(workers.controller)
    const start = () => {
      workers.register(SERVICE_WORKER_URL).then(
        () => workers.ready.then((registration) => registration.active?.postMessage(keepMessage(locale, wasControlled))),
        () => {
          // No worker (a private window that refuses it, say): the site works as before.
        },
      )
    }
    if (document.readyState === 'complete') start()
    else window.addEventListener('load', start, { once: true })
    return () => window.removeEventListener('load', start)
  }, [wanted, locale])
}

/** The offline page; and, when no worker served this page, the page and the files it loaded. */
function keepMessage(locale: Locale, wasControlled: boolean): CacheUrlsMessage {
  const urls = [offlinePagePath(locale)]
  if (!wasControlled) {
    const here = new URL(location.href)
    if (isSavedPage(here)) urls.push(here.pathname)
    for (const entry of performance.getEntriesByType('resource')) {
      const url = new URL(entry.name)
      if (url.origin === location.origin && (isHashedAsset(url) || isPublicImage(url))) urls.push(url.pathname)
    }
  }
  return { type: 'CACHE_URLS', payload: { urlsToCache: urls } }
}
