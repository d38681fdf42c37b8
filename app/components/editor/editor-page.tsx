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
export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-blue-700 px-5 py-2.5 font-bold text-white hover:bg-blue-800 disabled:cursor-wait disabled:opacity-70'
export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50'
export const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-red-700 bg-white px-3 py-1.5 text-sm font-bold text-red-700 hover:bg-red-50'
export const iconButtonClass =
  'inline-flex h-9 w-9 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40'
