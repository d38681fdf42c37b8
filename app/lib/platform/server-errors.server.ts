import { isRouteErrorResponse } from 'react-router'
import { isCrossSite } from './origin.server'

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * What the server logs of an error met while answering (React Router's `handleError`). A form sent
 * from another site is refused by React Router before any action runs (400): that is an answer, not
 * a fault, so it gets one line and no stack. A request the client gave up on is not logged.
 */
export function logServerError(error: unknown, request: Request, log: Pick<Console, 'error' | 'warn'> = console): void {
  if (request.signal.aborted) return
  if (MUTATIONS.has(request.method) && isCrossSite(request)) {
    log.warn(`Refused a ${request.method} to ${new URL(request.url).pathname} sent from another site.`)
    return
  }
  // A response thrown with an error inside (React Router's internal ones) logs the error itself.
  const inner: unknown = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined
  log.error(inner ?? error)
}
