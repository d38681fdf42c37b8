/**
 * The page that answers a form sent without JavaScript, made from the page cache's copy of the page
 * the form is on (server/page-cache.ts, server/form-posts.ts): the copy's empty form is replaced by
 * the form with its answer, rendered on its own. The rest of the page, the data it hydrates with
 * included, is the same for every visitor of that copy; the answer itself travels inside the form
 * (lib/forms/page-answer.ts). So a visitor without JavaScript costs one small rendering, not the
 * whole page's.
 *
 * When a copy is rendered, the form it shows is noted with it (`formOfPage`). Its form is found by
 * rendering that form as the copy has it (empty, with the copy's token) and comparing bytes; when
 * anything differs, null: the page is rendered whole.
 */
import { renderToString } from 'react-dom/server'
import type { EntryContext } from 'react-router'
import type { CopyForm, PageCopy, PublicFormHandle, PublicFormKind } from '~/lib/forms/page-answer'
import { TOKEN_FIELD, kabulToday, randomToken, type SubmissionResult } from '~/lib/forms/shared'
import { startingState } from '~/lib/forms/public-form-state'
import type { RootData } from '~/lib/site/root-data'
import { appointmentForm } from '../appointment-form'
import { registrationForm } from '../registration-form'
import { PublicFormView, type PublicFormSpec } from './public-form'

const FORMS: Record<PublicFormKind, PublicFormSpec<PublicFormKind, string>> = {
  appointment: appointmentForm as unknown as PublicFormSpec<PublicFormKind, string>,
  registration: registrationForm as unknown as PublicFormSpec<PublicFormKind, string>,
}

/** Where a copy's form is, in bytes (null: it is not the form this code renders). */
const places = new WeakMap<Buffer, { start: number; end: number } | null>()

/**
 * The public form of a page being rendered, for its cached copy: null when the page shows none (or
 * shows something else, an error), or is not the plain page (a query changes the form: `?course=`).
 */
export function formOfPage(request: Request, context: EntryContext): CopyForm | null {
  const { staticHandlerContext: handled, routeModules } = context
  const leaf = handled.matches.at(-1)
  if (handled.errors || !leaf) return null
  const kind = (routeModules[leaf.route.id]?.handle as Partial<PublicFormHandle> | undefined)?.publicForm
  const root = handled.loaderData.root as RootData | undefined
  const url = new URL(request.url)
  if (!kind || !root || url.search !== '') return null
  return {
    kind,
    page: { root, action: url.pathname + (leaf.route.index ? '?index' : ''), search: new URLSearchParams(), today: kabulToday() },
  }
}

/** The copy's bytes with the form showing `result` in place of its empty form; null when the copy has no such form. */
export function answerInCopy(copy: PageCopy, result: SubmissionResult<string>): Buffer | null {
  const { form } = copy
  const place = form && placeOfForm(copy.body, form)
  if (!form || !place) return null
  const answered = renderForm(form, result, randomToken())
  return Buffer.concat([copy.body.subarray(0, place.start), Buffer.from(answered), copy.body.subarray(place.end)])
}

function renderForm({ kind, page }: CopyForm, answer: SubmissionResult<string> | undefined, token: string): string {
  return renderToString(<PublicFormView spec={FORMS[kind]} page={page} state={startingState(answer, token)} />)
}

function placeOfForm(body: Buffer, form: CopyForm): { start: number; end: number } | null {
  const known = places.get(body)
  if (known !== undefined) return known
  let place: { start: number; end: number } | null = null
  const marker = body.indexOf(`data-form="${form.kind}"`)
  const start = marker < 0 ? -1 : body.lastIndexOf('<div', marker)
  if (start >= 0) {
    // The copy's token, shared by its visitors (docs/decisions/007-public-forms.md).
    const token = new RegExp(`name="${TOKEN_FIELD}" value="([0-9a-f]+)"`).exec(body.subarray(marker, marker + 4096).toString('utf8'))?.[1]
    const empty = token ? Buffer.from(renderForm(form, undefined, token)) : null
    if (empty && body.subarray(start, start + empty.length).equals(empty)) place = { start, end: start + empty.length }
  }
  places.set(body, place)
  return place
}
