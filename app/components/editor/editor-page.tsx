import { editorButton } from '~/components/ui/button'
import type { Feedback } from './feedback'
import { FeedbackPanel, useFeedbackToast } from './feedback'

/** The frame of an editor screen: its one <h1>, the intro, who published last, and the save result. */
export function EditorPage({
  title,
  intro,
  status,
  feedback,
  children,
}: {
  title: string
  intro: string
  status?: string
  feedback?: Feedback | null
  children: React.ReactNode
}) {
  useFeedbackToast(feedback)
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-2 max-w-3xl text-slate-700">{intro}</p>
        {status ? <p className="mt-2 text-sm text-slate-600">{status}</p> : null}
      </header>
      <FeedbackPanel feedback={feedback} />
      {children}
    </div>
  )
}

export const cardClass = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6'

/**
 * The row under an editor form: the save button, what the screen adds beside it, and the note that
 * saving publishes at once. `intent` names the button for screens whose form has other submits.
 */
export function SaveBar({
  label,
  saving,
  messages,
  intent,
  children,
}: {
  label: string
  saving: boolean
  messages: { saving: string; publishedNote: string }
  intent?: string
  children?: React.ReactNode
}) {
  return (
    <div className="flex flex-wrap items-center gap-4">
      <button type="submit" name={intent ? 'intent' : undefined} value={intent} className={editorButton} disabled={saving}>
        {saving ? messages.saving : label}
      </button>
      {children}
      <p className="text-sm text-slate-600">{messages.publishedNote}</p>
    </div>
  )
}
