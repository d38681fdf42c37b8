/**
 * A public form sent without JavaScript and saved is answered with the cached copy of its page, the
 * success panel added to its form (docs/decisions/045-saved-posts-answered-from-the-cached-page.md).
 * The page as React Router would render it differs from the copy by that panel alone: the form is
 * empty again after a success, and the copy's token is one its visitors share already. The panel
 * is rendered by the form's own component, so the browser hydrates the form over the same HTML.
 * Anything else (a refusal, a page not cached, a page with no single public form) is rendered.
 */
import { renderToString } from 'react-dom/server'
import type { EntryContext, RouterContextProvider } from 'react-router'
import { isSubmissionResult, type PublicFormKind } from '~/lib/forms/page-answer'
import type { SubmissionResult } from '~/lib/forms/shared'
import { pageCopyOf } from '~/lib/platform/request-context'
import type { RootData } from '~/lib/site/root-data'
import { appointmentForm } from '../appointment-form'
import { registrationForm } from '../registration-form'
import { FormSuccess } from './public-form'

type Success = Extract<SubmissionResult<string>, { status: 'success' }>

const FORM_ATTRIBUTE = ' data-form="'

/** The answer to a saved post from the page's cached copy; null when the page is to be rendered. */
export function answerFromCopy(
  request: Request,
  status: number,
  headers: Headers,
  { staticHandlerContext: { actionData, loaderData } }: EntryContext,
  context: RouterContextProvider,
): Response | null {
  const success = status === 200 && request.method === 'POST' ? savedAnswer(actionData) : null
  const copy = success ? context.get(pageCopyOf)(request) : null
  const form = copy ? onlyForm(copy.body) : null
  if (!success || !copy || !form) return null
  const root = loaderData.root as RootData
  const panel = Buffer.from(renderToString(<SuccessOf kind={form.kind} root={root} result={success} />))
  headers.set('Content-Type', 'text/html; charset=utf-8')
  headers.set('Content-Security-Policy', copy.contentSecurityPolicy)
  const body = Buffer.concat([copy.body.subarray(0, form.end), panel, copy.body.subarray(form.end)])
  return new Response(new Uint8Array(body.buffer, body.byteOffset, body.length), { status, headers })
}

function savedAnswer(actionData: Record<string, unknown> | null): Success | null {
  const answers = Object.values(actionData ?? {})
  const answer = answers.length === 1 ? answers[0] : undefined
  return isSubmissionResult(answer) && answer.status === 'success' ? (answer as Success) : null
}

/** The page's one public form: its kind, and where its wrapper's opening tag ends. */
function onlyForm(page: Buffer): { kind: PublicFormKind; end: number } | null {
  const at = page.indexOf(FORM_ATTRIBUTE)
  if (at < 0 || page.indexOf(FORM_ATTRIBUTE, at + 1) >= 0) return null
  const start = at + FORM_ATTRIBUTE.length
  const quote = page.indexOf('"', start)
  const kind = page.toString('utf8', start, quote)
  if (kind !== 'appointment' && kind !== 'registration') return null
  // The attribute ends the wrapper's opening tag (public-form.tsx): its contents start after it.
  return page[quote + 1] === 0x3e ? { kind, end: quote + 2 } : null
}

function SuccessOf({ kind, root, result }: { kind: PublicFormKind; root: RootData; result: Success }) {
  const texts = root.messages.forms
  return kind === 'appointment' ? (
    <FormSuccess spec={appointmentForm} texts={texts.appointment} result={result} fromPage />
  ) : (
    <FormSuccess spec={registrationForm} texts={texts.registration} result={result} fromPage />
  )
}
