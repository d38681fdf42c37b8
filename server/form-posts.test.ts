import { describe, expect, it } from 'vitest'
import { formOutcomeReceiver, formOutcomeReplay } from '~/lib/forms/form-post'
import type { CopyForm, FormAnswer, PageCopy } from '~/lib/forms/page-answer'
import { requestContext } from '~/lib/platform/request-context'
import type { SubmissionResult } from '~/lib/forms/shared'
import { answerFormPostsFromCopies } from './form-posts'
import type { FetchHandler } from './request-handler'

const FORM = { kind: 'appointment', page: { action: '/clinic/appointment' } } as unknown as CopyForm
const COPY: PageCopy = { body: Buffer.from('<p>before</p><form></form><p>after</p>'), policy: "script-src 'sha256-abc'", form: FORM }
const success: SubmissionResult<string> = {
  status: 'success',
  summary: { name: 'Zarghuna' },
  whatsappUrl: 'https://wa.me/93700000000',
  openWhatsapp: false,
}
const limited: SubmissionResult<string> = { status: 'rate-limited', values: {}, fieldErrors: {}, token: 't', retryAfterMinutes: 2 }

/**
 * React Router as the wrapper sees it: a data URL runs the action only (here: answers `answer`, or
 * throws), a page is rendered whole; every call and what the action did are kept.
 */
function setup({
  answer = { result: success, status: 200 } as FormAnswer | 'throws',
  copy = COPY as PageCopy | null,
  answerInCopy = (copy: PageCopy, result: SubmissionResult<string>): Buffer | null =>
    Buffer.from(copy.body.toString().replace('<form></form>', `<form>${result.status}</form>`)),
} = {}) {
  const calls: string[] = []
  let stored = 0
  const render: FetchHandler = async (request, context) => {
    const url = new URL(request.url)
    const body = await request.text()
    const replay = context.get(formOutcomeReplay)
    calls.push(`${request.method} ${url.pathname}${url.search}${body ? ` [${body}]` : ''}${replay ? ' replay' : ''}`)
    if (request.method !== 'POST') return new Response('a page')
    // The action: what it gave before on a replay, else it runs; it hands its outcome to the server.
    const receive = context.get(formOutcomeReceiver)
    let given: FormAnswer | undefined
    if (replay) {
      if ('thrown' in replay) return new Response('the error page', { status: 403 })
      given = replay.answer
    } else if (answer === 'throws') {
      receive?.({ thrown: new Error('refused') })
      return new Response(url.pathname.endsWith('.data') ? 'encoded error' : 'the error page', { status: 403 })
    } else {
      stored++
      given = answer
      receive?.({ answer })
    }
    const headers = { 'Cache-Control': 'no-store', ...(given.result.status === 'rate-limited' ? { 'Retry-After': '120' } : {}) }
    return url.pathname.endsWith('.data')
      ? new Response('encoded', {
          status: given.status,
          headers: { ...headers, 'Content-Type': 'text/x-script', 'X-Remix-Response': 'yes' },
        })
      : new Response(`the whole page: ${given.result.status}`, {
          status: given.status,
          headers: { ...headers, 'Content-Type': 'text/html' },
        })
  }
  const copies: string[] = []
  const handler = answerFormPostsFromCopies({
    copyOf: async (post) => {
      copies.push(new URL(post.url).pathname)
      return copy
    },
    answerInCopy,
  })(render)
  const send = (path: string, method = 'POST') =>
    handler(
      new Request(`http://clinic.test${path}`, {
        method,
        ...(method === 'POST' ? { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'name=Zarghuna' } : {}),
      }),
      requestContext({ nonce: 'n1', clientAddress: '127.0.0.1' }),
    )
  return { send, calls, copies, stored: () => stored }
}

describe('a form sent without JavaScript to a page the page cache keeps', () => {
  it("runs the page's action alone, through its data URL, and answers with the copy showing the answer", async () => {
    const { send, calls, stored } = setup()
    const response = await send('/clinic/appointment')
    expect(calls).toEqual(['POST /clinic/appointment.data [name=Zarghuna]'])
    expect(stored()).toBe(1)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('<p>before</p><form>success</form><p>after</p>')
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('Content-Security-Policy')).toBe(COPY.policy)
    // The route's headers stay (the answer repeats what was typed); the data response's own go.
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('X-Remix-Response')).toBeNull()
  })

  it("keeps the action's status and headers, and the index route's query", async () => {
    const { send, calls } = setup({ answer: { result: limited, status: 429 } })
    const response = await send('/fa/clinic?index')
    expect(calls).toEqual(['POST /fa/clinic.data?index [name=Zarghuna]'])
    expect(response.status).toBe(429)
    expect(response.headers.get('Retry-After')).toBe('120')
    expect(await response.text()).toContain('<form>rate-limited</form>')
  })

  it('renders the page whole when the action threw, without running it again', async () => {
    const { send, calls } = setup({ answer: 'throws' })
    const response = await send('/clinic/appointment')
    expect(calls).toEqual(['POST /clinic/appointment.data [name=Zarghuna]', 'POST /clinic/appointment replay'])
    expect(response.status).toBe(403)
    expect(await response.text()).toBe('the error page')
  })

  it("renders the page whole with the action's answer when the copy's form is not found, storing once", async () => {
    const { send, calls, stored } = setup({ answer: { result: success, status: 200 }, answerInCopy: () => null })
    const response = await send('/clinic/appointment')
    expect(calls).toEqual(['POST /clinic/appointment.data [name=Zarghuna]', 'POST /clinic/appointment replay'])
    expect(stored()).toBe(1)
    expect(await response.text()).toBe('the whole page: success')
  })

  it('leaves a post to a page without a copy, or whose copy shows no form, and any other request, to the application', async () => {
    for (const copy of [null, { ...COPY, form: null }]) {
      const { send, calls, stored } = setup({ copy })
      expect(await (await send('/clinic/appointment')).text()).toBe('the whole page: success')
      expect(calls).toEqual(['POST /clinic/appointment [name=Zarghuna]'])
      expect(stored()).toBe(1)
    }
    const { send, calls, copies } = setup()
    expect(await (await send('/clinic/appointment', 'GET')).text()).toBe('a page')
    expect(calls).toEqual(['GET /clinic/appointment'])
    expect(copies).toEqual([])
  })
})
