import { editorButton } from '~/components/ui/button'
import { FeedbackPanel, useFeedbackToast } from '~/components/admin/feedback'
import type { Feedback } from '~/lib/staff/form-result'

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

/** A card of an editor form: its heading (named by `id`), an optional help line, then the fields. */
export function EditorSection({
  id,
  title,
  help,
  className = 'space-y-4',
  children,
}: {
  id: string
  title: string
  help?: string
  className?: string
  children: React.ReactNode
}) {
  return (
    <section aria-labelledby={id} className={`${cardClass} ${className}`}>
      <div>
        <h2 id={id} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        {help ? <p className="mt-1 text-sm text-slate-600">{help}</p> : null}
      </div>
      {children}
    </section>
  )
}

/** A group of fields under a legend, with an optional help line. */
export function EditorFieldset({ legend, help, children }: { legend: React.ReactNode; help?: string; children: React.ReactNode }) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-bold text-slate-800">{legend}</legend>
      {help ? <p className="text-xs text-slate-600">{help}</p> : null}
      {children}
    </fieldset>
  )
}

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
