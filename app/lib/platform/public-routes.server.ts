import type { KnownRoutes } from './scripts-after-paint.server'

/** React Router's manifest's routes by id (`EntryContext['manifest']['routes']`). */
type RouteEntries = Readonly<Record<string, unknown>>

/** The staff panel's routes (app/routes/admin); the public pages never link into them in the page. */
const STAFF_ROUTE = /^routes\/admin\//

const publicRoutesOf = new WeakMap<RouteEntries, KnownRoutes>()

/**
 * The public site's routes in React Router's manifest of this build (every route but the staff
 * panel's: 26 routes, about 1 kB gzip), which public pages carry so that React Router never has to
 * discover them after hydrating (lib/platform/scripts-after-paint.server.ts). Worked out once a build.
 */
export function publicRoutes(routes: RouteEntries): KnownRoutes {
  let known = publicRoutesOf.get(routes)
  if (!known) {
    known = Object.fromEntries(Object.entries(routes).filter(([id]) => !STAFF_ROUTE.test(id)))
    publicRoutesOf.set(routes, known)
  }
  return known
}
