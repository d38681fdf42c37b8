/**
 * True until the page's first render in the browser has been committed (`markHydrated`, called by
 * the root once hydrated): parts rendered before then are hydrating the server's HTML
 * (docs/decisions/025-hydration.md).
 */
let hydrating = true

/** Called by the root's first effect: parts mounted from now on are rendered, not hydrated. */
export function markHydrated() {
  hydrating = false
}

/** Whether this render, in the browser, is part of the page's first load (hydration). */
export function isFirstLoad(): boolean {
  return hydrating && typeof document !== 'undefined'
}
