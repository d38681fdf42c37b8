import { isRouteErrorResponse } from 'react-router'
import { isCrossSite } from './origin.server'

/**
 * What the server logs of an error met while answering (React Router's `handleError`). A form whose
 * Origin names another site is refused before React Router sees it (server/cross-site.ts, 403); should
 * one reach React Router, which refuses it too, that is an answer, not a fault, so it gets one line
 * and no stack, and so does a post to an address without an action (405). A request the client gave
 * up on is not logged.
 */
export function logServerError(error: unknown, request: Request, log: Pick<Console, 'error' | 'warn'> = console): void {
  if (request.signal.aborted) return
  // POST is the only method with a body that reaches the app (server/methods.ts). React Router
  // refuses on the Origin header alone, so a post without one is not its refusal.
  if (request.method === 'POST' && request.headers.has('origin') && isCrossSite(request)) {
    log.warn(`Refused a ${request.method} to ${new URL(request.url).pathname} sent from another site.`)
    return
  }
  // A post to an address whose route has no action (React Router's 405): a refusal, not a fault.
  if (isRouteErrorResponse(error) && error.status === 405) {
    log.warn(`Refused a ${request.method} to ${new URL(request.url).pathname}: the address takes no form.`)
    return
  }
  // A response thrown with an error inside (React Router's internal ones) logs the error itself.
  const inner: unknown = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined
  log.error(inner ?? error)
}
