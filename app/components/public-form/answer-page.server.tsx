/**
 * The page that answers a form sent without JavaScript, made from the page cache's copy of the page
 * the form is on (server/page-cache.ts): the copy's empty form is replaced by the form with its
 * answer, rendered on its own. The rest of the page, the data it hydrates with included, is the same
 * for every visitor of that copy; the answer itself travels inside the form (lib/forms/page-answer.ts). So a
 * visitor without JavaScript costs one small rendering, not the whole page's.
 *
 * The copy's form is found by rendering it as the copy has it (empty, with the copy's token) and
 * comparing bytes. When anything differs, or there is no copy, null: the page is rendered whole.
 */
import { renderToString } from 'react-dom/server'
import type { EntryContext } from 'react-router'
import { isSubmissionResult, type PageCopy, type PublicFormHandle, type PublicFormKind } from '~/lib/forms/page-answer'
import { TOKEN_FIELD, kabulToday, randomToken, type SubmissionResult } from '~/lib/forms/shared'
import { startingState } from '~/lib/forms/use-public-form'
import type { RootData } from '~/lib/site/root-data'
import { appointmentForm } from '../appointment-form'
import { registrationForm } from '../registration-form'
import { PublicFormView, type FormPage, type PublicFormSpec } from './public-form'

const FORMS: Record<PublicFormKind, PublicFormSpec<PublicFormKind, string>> = {
  appointment: appointmentForm as unknown as PublicFormSpec<PublicFormKind, string>,
  registration: registrationForm as unknown as PublicFormSpec<PublicFormKind, string>,
}

/** Where a copy's form is, in bytes (null: it is not the form this code renders). */
const places = new WeakMap<Buffer, { start: number; end: number } | null>()

/**
 * The answer page for a POST whose action answered a public form, from the copy `copyOf` gives;
 * null when this request is not such a post or the copy cannot be used.
 */
export async function answerPageFromCopy(
  request: Request,
  context: EntryContext,
  copyOf: (() => Promise<PageCopy | null>) | undefined,
): Promise<PageCopy | null> {
  if (request.method !== 'POST' || !copyOf) return null
  const { staticHandlerContext: handled, routeModules } = context
  const leaf = handled.matches.at(-1)
  if (handled.errors || !leaf) return null
  const kind = (routeModules[leaf.route.id]?.handle as Partial<PublicFormHandle> | undefined)?.publicForm
  const result: unknown = handled.actionData?.[leaf.route.id]
  const root = handled.loaderData.root as RootData | undefined
  const url = new URL(request.url)
  // A query would change the page (`?course=`): only the plain page, or its index route's form action.
  if (!kind || !isSubmissionResult(result) || !root || (url.search !== '' && url.search !== '?index')) return null

  const copy = await copyOf()
  if (!copy) return null
  const page: FormPage = {
    root,
    action: url.pathname + (leaf.route.index ? '?index' : ''),
    search: new URLSearchParams(),
    today: kabulToday(),
  }
  const place = placeOfForm(copy.body, kind, page)
  if (!place) return null
  const answered = renderForm(kind, page, result, randomToken())
  return {
    body: Buffer.concat([copy.body.subarray(0, place.start), Buffer.from(answered), copy.body.subarray(place.end)]),
    policy: copy.policy,
  }
}

function renderForm(kind: PublicFormKind, page: FormPage, answer: SubmissionResult<string> | undefined, token: string): string {
  return renderToString(<PublicFormView spec={FORMS[kind]} page={page} state={startingState(answer, token)} />)
}

function placeOfForm(body: Buffer, kind: PublicFormKind, page: FormPage): { start: number; end: number } | null {
  const known = places.get(body)
  if (known !== undefined) return known
  let place: { start: number; end: number } | null = null
  const marker = body.indexOf(`data-form="${kind}"`)
  const start = marker < 0 ? -1 : body.lastIndexOf('<div', marker)
  if (start >= 0) {
    // The copy's token, shared by its visitors (docs/decisions/007-public-forms.md).
    const token = new RegExp(`name="${TOKEN_FIELD}" value="([0-9a-f]+)"`).exec(body.subarray(marker, marker + 4096).toString('utf8'))?.[1]
    const empty = token ? Buffer.from(renderForm(kind, page, undefined, token)) : null
    if (empty && body.subarray(start, start + empty.length).equals(empty)) place = { start, end: start + empty.length }
  }
  places.set(body, place)
  return place
}
