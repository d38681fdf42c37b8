import { KEEP_PAGE_MESSAGE, SERVICE_WORKER_URL } from './offline-pages'

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
 * and for the page to be hydrated (the root marks `<html data-hydrated>`), then for the main
 * thread's first idle moment: the worker's install (its script, the precache's downloads and
 * writes, the browser compiling the scripts it keeps) runs on a thread of its own, which on a
 * phone's few cores would otherwise share them with the hydration (docs/decisions/022-offline.md).
 * A page that never hydrates registers 10 s after `load`; a browser without idle callbacks, at once.
 * Once the worker is active, the page asks it to keep the page (KEEP_PAGE_MESSAGE).
 */
export function workerScript(choice: WorkerChoice): string {
  switch (choice) {
    case 'register':
      return `(function (workers) {
  if (!workers) return;
  var register = function () {
    workers.register(${JSON.stringify(SERVICE_WORKER_URL)})
      .then(function () { return workers.ready })
      .then(function (registration) { if (registration.active) registration.active.postMessage(${JSON.stringify(KEEP_PAGE_MESSAGE)}) })
      .catch(function () {});
  };
  var root = document.documentElement, started = false, watcher = new MutationObserver(function () { start(false) });
  var start = function (late) {
    if (started || document.readyState !== 'complete' || !(late || root.hasAttribute('data-hydrated'))) return;
    started = true; watcher.disconnect();
    if (window.requestIdleCallback) requestIdleCallback(register, { timeout: 10000 }); else register();
  };
  watcher.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
  var loaded = function () { start(false); setTimeout(function () { start(true) }, 10000) };
  if (document.readyState === 'complete') loaded(); else addEventListener('load', loaded, { once: true });
})(navigator.serviceWorker);\n`
    case 'unregister':
      return `if (navigator.serviceWorker) navigator.serviceWorker.getRegistrations().then(function (all) { all.forEach(function (r) { r.unregister() }) });\n`
    case 'none':
      return ''
  }
}
