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
 * The few lines, put first in the page's module script, that act on the choice. They need none of
 * the page's modules: they are not part of any script file. Registering waits for the `load` event
 * and then for the main thread's first idle moment: React goes on hydrating after `load`, and the
 * worker's install (its script, the precache's downloads, the browser compiling the scripts it
 * keeps) would otherwise share the phone's processor with it (docs/decisions/022-offline.md).
 * A browser without idle callbacks registers at `load`; a thread never idle, after 10 s.
 */
export function workerScript(choice: WorkerChoice): string {
  switch (choice) {
    case 'register':
      return `(function (workers) {
  if (!workers) return;
  var register = function () { workers.register(${JSON.stringify(SERVICE_WORKER_URL)}).catch(function () {}) };
  var start = function () { if (window.requestIdleCallback) requestIdleCallback(register, { timeout: 10000 }); else register() };
  if (document.readyState === 'complete') start(); else addEventListener('load', start, { once: true });
})(navigator.serviceWorker);\n`
    case 'unregister':
      return `if (navigator.serviceWorker) navigator.serviceWorker.getRegistrations().then(function (all) { all.forEach(function (r) { r.unregister() }) });\n`
    case 'none':
      return ''
  }
}
