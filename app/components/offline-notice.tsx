import { useSyncExternalStore } from 'react'

function subscribe(changed: () => void) {
  window.addEventListener('online', changed)
  window.addEventListener('offline', changed)
  return () => {
    window.removeEventListener('online', changed)
    window.removeEventListener('offline', changed)
  }
}

/**
 * A line above the page while the browser has no connection: what the visitor sees is the copy
 * kept on their phone (docs/decisions/023-offline.md). Rendered in the browser only; the server's
 * page never has it.
 */
export function OfflineNotice({ text }: { text: string }) {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  )
  if (online) return null
  return (
    <p role="status" className="bg-slate-800 px-4 py-2 text-center text-sm text-white" data-offline-notice="">
      {text}
    </p>
  )
}
