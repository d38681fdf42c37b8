/**
 * A public form sent without JavaScript, answered from the page cache's copy of its page
 * (docs/decisions/014-form-answers-from-cached-pages.md). Rendering the answer as a page would run
 * every loader of the page and encode their data for hydration, only for the copy to bring its own.
 * So the post goes to React Router as the form's script sends it, to the page's data URL, where
 * only the action runs; the action hands its outcome, a typed value, to the receiver set in the
 * request's context (lib/forms/form-post.ts), and the answer is the copy with the form showing it.
 *
 * When the copy cannot be used (the action threw or gave no answer of a form, or the copy's form is
 * not found), the page is rendered whole, as before: the action gives what it gave again, without
 * running a second time.
 */
import type { RouterContextProvider } from 'react-router'
import { formOutcomeReceiver, formOutcomeReplay, type FormOutcome } from '~/lib/forms/form-post'
import type { PageCopy } from '~/lib/forms/page-answer'
import type { SubmissionResult } from '~/lib/forms/shared'
import { dataPathOf } from '~/lib/platform/data-requests'
import type { FetchHandler } from './request-handler'

export interface FormPostOptions {
  /** The cached copy of the page a form was posted to, rendered with `render` if need be; null when there is none. */
  copyOf: (post: Request, context: RouterContextProvider, render: FetchHandler) => Promise<PageCopy | null>
  /** The copy's bytes with its form showing `result`; null when the copy's form is not found. */
  answerInCopy: (copy: PageCopy, result: SubmissionResult<string>) => Buffer | null
}

/** Headers of the action's data response that are not the page's. */
const DATA_HEADERS = ['content-type', 'content-length', 'x-remix-response']

/** Wraps React Router's handler: posts of public forms without JavaScript are answered from copies. */
export function answerFormPostsFromCopies(options: FormPostOptions): (render: FetchHandler) => FetchHandler {
  return (render) => async (request, context) => {
    if (request.method !== 'POST') return render(request, context)
    const copy = await options.copyOf(request, context, render)
    if (!copy?.form) return render(request, context)

    let outcome: FormOutcome | null = null
    context.set(formOutcomeReceiver, (given) => (outcome = given))
    const actionOnly = await render(dataRequest(request), context)
    context.set(formOutcomeReceiver, null)
    await actionOnly.body?.cancel().catch(() => {})
    const answer = readAnswer(outcome)
    const body = answer && actionOnly.status === answer.status ? options.answerInCopy(copy, answer.result) : null
    if (!body) {
      // The page as a whole; the action's body was read already, and is not read again.
      context.set(formOutcomeReplay, outcome)
      return render(withoutBody(request), context)
    }
    const headers = new Headers(actionOnly.headers)
    for (const name of DATA_HEADERS) headers.delete(name)
    headers.set('Content-Type', 'text/html; charset=utf-8')
    headers.set('Content-Security-Policy', copy.policy)
    return new Response(streamOf(body), { status: actionOnly.status, headers })
  }
}

function readAnswer(outcome: FormOutcome | null) {
  return outcome && 'answer' in outcome ? outcome.answer : null
}

/** The post as the form's script sends it: to the page's data URL, where only the action runs. */
function dataRequest(post: Request): Request {
  const url = new URL(post.url)
  url.pathname = dataPathOf(url.pathname)
  return new Request(url, { method: 'POST', headers: post.headers, body: post.body, signal: post.signal, duplex: 'half' } as RequestInit)
}

function withoutBody(post: Request): Request {
  const headers = new Headers(post.headers)
  for (const name of ['content-length', 'transfer-encoding']) headers.delete(name)
  return new Request(post.url, { method: 'POST', headers, signal: post.signal })
}

/** Bytes already in memory as one chunk, not copied again (a Response copies a buffer it is given). */
function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })
}
