import { Form } from 'react-router'
import { editorSecondaryButton } from '~/components/ui/button'
import type { Messages } from '~/locales'
import { cardClass } from './editor-page'
import { HistoryIcon } from './icons'
import { FormEnd } from './form-end'

type History = Messages['editor']['content']['history']
/** The texts the list shows (the restore-previous button's only with `offerPrevious`). */
type HistoryTexts = Pick<History, 'heading' | 'intro' | 'empty' | 'current' | 'restore'> & Partial<Pick<History, 'restorePrevious'>>

/**
 * The saved versions of an editor screen's document, newest (published) first, each earlier one
 * with its own Restore button (a form post, without JavaScript too); `offerPrevious` adds one
 * button for the version before the published one.
 */
export function VersionHistory({
  history,
  texts,
  restoring,
  offerPrevious = false,
}: {
  history: readonly { id: number | string; text: string }[]
  texts: HistoryTexts
  restoring: boolean
  offerPrevious?: boolean
}) {
  return (
    <section aria-labelledby="history-heading" className={cardClass}>
      <h2 id="history-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <HistoryIcon />
        {texts.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{texts.intro}</p>
      {history.length === 0 ? (
        <p className="mt-4 text-slate-700">{texts.empty}</p>
      ) : (
        <>
          {offerPrevious ? (
            <Form method="post" className="mt-4">
              <button
                type="submit"
                name="intent"
                value="restore"
                className={editorSecondaryButton}
                disabled={history.length < 2 || restoring}
              >
                {texts.restorePrevious}
              </button>
              <FormEnd />
            </Form>
          ) : null}
          <ol className="mt-4 divide-y divide-slate-200">
            {history.map((entry, index) => (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="text-sm text-slate-800">
                  {entry.text}
                  {index === 0 ? (
                    <span className="ms-2 rounded bg-green-100 px-2 py-0.5 text-xs font-bold text-green-900">{texts.current}</span>
                  ) : null}
                </span>
                {index > 0 ? (
                  <Form method="post">
                    <input type="hidden" name="versionId" value={entry.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="restore"
                      className="text-sm font-bold text-blue-800 underline underline-offset-2 hover:text-blue-900"
                      aria-label={`${texts.restore}: ${entry.text}`}
                      disabled={restoring}
                    >
                      {texts.restore}
                    </button>
                    <FormEnd />
                  </Form>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  )
}
