import { Suspense, useState } from 'react'
import { isFirstLoad } from './first-load'

/** A part held back from hydration: suspends once, with a promise that never settles. */
interface Hold {
  held: boolean
  readonly promise: Promise<never>
}

/**
 * A part of the page that works without its script until someone uses it, as a form or a
 * `<details>` menu does (docs/decisions/025-hydration.md): on a page's first load its server HTML is
 * shown and works as HTML (typing, choosing, sending the form), and React hydrates it only when it
 * is first used, keeping what was typed and where the focus is. Until then a first load does none
 * of its work. `now` hydrates it with the page, for a part that has something to show at once.
 *
 * React leaves a Suspense boundary whose content suspends while hydrating with the server's HTML.
 * The content suspends only the first time it is rendered, on a first load; React renders it again,
 * and so hydrates it, at the first event inside it that needs its handlers (a touch, a press, a
 * key, the focus: a discrete event, which React answers by hydrating the part at once, then
 * handling the event), or when an update reaches it. It is never shown empty.
 */
export function HydrateOnUse({ now = false, children }: { now?: boolean; children: React.ReactNode }) {
  const [hold] = useState<Hold | null>(() => (!now && isFirstLoad() ? { held: false, promise: new Promise<never>(() => {}) } : null))
  return (
    <Suspense fallback={null}>
      <HoldOnce hold={hold} />
      {children}
    </Suspense>
  )
}

function HoldOnce({ hold }: { hold: Hold | null }) {
  if (hold && !hold.held) {
    hold.held = true
    // A thrown promise (not `use`): React unwinds to the boundary at once and keeps its HTML.
    throw hold.promise
  }
  return null
}
