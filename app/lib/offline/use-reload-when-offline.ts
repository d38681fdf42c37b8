import { useEffect } from 'react'
import { isRouteErrorResponse } from 'react-router'

/**
 * A link followed inside the site fetches only the next page's data; without a connection that
 * fails and the error page would show. Loading the address as a whole page instead lets the service
 * worker answer: the kept page, or the offline page (docs/decisions/023-offline.md).
 */
export function useReloadWhenOffline(error: unknown) {
  useEffect(() => {
    if (isRouteErrorResponse(error) || !('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return
    if (!navigator.onLine || isNetworkFailure(error)) window.location.reload()
  }, [error])
}

/** What fetch throws when the request never got an answer (the wording differs by browser). */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message)
}
