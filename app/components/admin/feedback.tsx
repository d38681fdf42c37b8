import { useEffect, useSyncExternalStore } from 'react'
import { useToast } from '~/components/ui/toast'
import type { Feedback } from '~/lib/staff/form-result'

/** True once the page runs in the browser with JavaScript. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  )
}

/** Shows an action's feedback as a toast, once per answer (each answer is a new object). */
export function useFeedbackToast(feedback: Feedback | null | undefined) {
  const toast = useToast()
  useEffect(() => {
    if (!feedback) return
    toast({ title: feedback.title, description: feedback.text, variant: feedback.variant === 'destructive' ? 'destructive' : 'default' })
  }, [feedback, toast])
}

/**
 * The result of a save on the page itself. It is what a visitor without JavaScript sees (and hears:
 * it is a live region then); with JavaScript the toast announces and this stays as a record.
 */
export function FeedbackPanel({ feedback }: { feedback: Feedback | null | undefined }) {
  const hydrated = useHydrated()
  if (!feedback) return null
  const destructive = feedback.variant === 'destructive'
  return (
    <div
      role={hydrated ? undefined : destructive ? 'alert' : 'status'}
      data-variant={feedback.variant}
      className={`rounded-lg border p-4 ${destructive ? 'border-red-700 bg-red-50 text-red-900' : 'border-green-700 bg-green-50 text-green-900'}`}
    >
      <p className="font-bold">{feedback.title}</p>
      {feedback.text ? <p className="mt-1 text-sm">{feedback.text}</p> : null}
    </div>
  )
}
