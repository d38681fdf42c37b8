import { SERVICE_WORKER_URL } from './offline-pages'

/**
 * What a page does about the service worker (docs/decisions/022-offline.md): register it once the
 * page has loaded (public pages, while SERVICE_WORKER=on), unregister the one the browser has
 * (every page, while it is off), or nothing (staff pages: the worker keeps nothing of theirs).
 */
export type WorkerChoice = 'register' | 'unregister' | 'none'

export function workerChoice(serviceWorker: 'on' | 'off', staffPage: boolean): WorkerChoice {
  if (serviceWorker === 'off') return 'unregister'
  return staffPage ? 'none' : 'register'
}

/**
 * The few lines, put first in the page's module script, that act on the choice. They wait for the
 * `load` event, so the first visit downloads nothing more before it is usable, and need none of
 * the page's modules: they are not part of any script file.
 */
export function workerScript(choice: WorkerChoice): string {
  switch (choice) {
    case 'register':
      return `(function (workers) {
  if (!workers) return;
  var start = function () { workers.register(${JSON.stringify(SERVICE_WORKER_URL)}).catch(function () {}) };
  if (document.readyState === 'complete') start(); else addEventListener('load', start, { once: true });
})(navigator.serviceWorker);\n`
    case 'unregister':
      return `if (navigator.serviceWorker) navigator.serviceWorker.getRegistrations().then(function (all) { all.forEach(function (r) { r.unregister() }) });\n`
    case 'none':
      return ''
  }
}
