import { renderToString } from 'react-dom/server'
import type { EntryContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { answerElementId, type PageCopy, type PublicFormKind } from '~/lib/forms/page-answer'
import { kabulToday, type SubmissionResult } from '~/lib/forms/shared'
import { startingState } from '~/lib/forms/use-public-form'
import type { Locale } from '~/lib/i18n/locale'
import type { RootData } from '~/lib/site/root-data'
import { messagesFor } from '~/locales'
import { appointmentForm } from '../appointment-form'
import { registrationForm } from '../registration-form'
import { answerPageFromCopy } from './answer-page.server'
import { PublicFormView, type FormPage } from './public-form'

const COPY_TOKEN = 'c0ffee00c0ffee00c0ffee00c0ffee00'
const SENT_TOKEN = 'abcdefabcdefabcdefabcdefabcdef12'
const BEFORE = '<!DOCTYPE html><html><head><title>Book</title></head><body><main><h1>Book a visit</h1>'
const AFTER = '</main><script nonce="n1">window.__reactRouterContext={}</script></body></html>'

function rootData(locale: Locale): RootData {
  return { locale, messages: messagesFor(locale) } as unknown as RootData
}

/** A cached copy of a page with the form as a visitor without an answer gets it. */
function copyOf(kind: PublicFormKind, locale: Locale, action: string): PageCopy {
  const spec = kind === 'appointment' ? appointmentForm : registrationForm
  const page: FormPage = { root: rootData(locale), action, search: new URLSearchParams(), today: kabulToday() }
  const form = renderToString(<PublicFormView spec={spec as never} page={page} state={startingState(undefined, COPY_TOKEN)} />)
  return { body: Buffer.from(BEFORE + form + AFTER), policy: "script-src 'self' 'sha256-abc'" }
}

function post(path: string, method = 'POST') {
  return new Request(`http://clinic.test${path}`, { method })
}

function routerContext({
  kind = 'appointment' as PublicFormKind | null,
  result,
  locale = 'en' as Locale,
  index = false,
  errors = null as Record<string, unknown> | null,
}: {
  kind?: PublicFormKind | null
  result: unknown
  locale?: Locale
  index?: boolean
  errors?: Record<string, unknown> | null
}): EntryContext {
  return {
    staticHandlerContext: {
      matches: [{ route: { id: 'root' } }, { route: { id: 'routes/page', index } }],
      loaderData: { root: rootData(locale) },
      actionData: { 'routes/page': result },
      errors,
    },
    routeModules: { 'routes/page': { handle: kind ? { publicForm: kind } : undefined } },
  } as unknown as EntryContext
}

const success: SubmissionResult<string> = {
  status: 'success',
  summary: { name: 'Ahmad </script><script>alert(1)</script>', date: '20 December 2026' },
  whatsappUrl: 'https://wa.me/93700000000?text=hello',
  openWhatsapp: false,
}

const invalid: SubmissionResult<string> = {
  status: 'invalid',
  values: { name: 'Zarghuna', phone: '12', email: '', date: '', dateDay: '', dateMonth: '', dateYear: '', message: 'Mornings, please' },
  fieldErrors: { phone: 'phoneInvalid', date: 'dateRequired' },
  token: SENT_TOKEN,
}

function answerBlock(html: string, kind: PublicFormKind): unknown {
  const match = new RegExp(`<script type="application/json" id="${answerElementId(kind)}">([^<]*)</script>`).exec(html)
  return match ? JSON.parse(match[1]!) : undefined
}

describe('the answer to a form sent without JavaScript, made from the cached copy of its page', () => {
  it('puts the success panel and the answer into the copy, and leaves the rest of the page as it was', async () => {
    const copy = copyOf('appointment', 'en', '/clinic/appointment')
    const answer = await answerPageFromCopy(post('/clinic/appointment'), routerContext({ result: success }), async () => copy)
    const html = answer!.body.toString('utf8')
    expect(html.startsWith(BEFORE)).toBe(true)
    expect(html.endsWith(AFTER)).toBe(true)
    expect(answer!.policy).toBe(copy.policy)
    expect(html).toContain(messagesFor('en').forms.appointment.successTitle)
    expect(html).toContain('href="https://wa.me/93700000000?text=hello"')
    // What the person typed cannot end the data block.
    expect(html).toContain('Ahmad \\u003c/script>\\u003cscript>alert(1)\\u003c/script>')
    expect(html.match(/<\/script>/g)).toHaveLength(2)
    expect(answerBlock(html, 'appointment')).toEqual(success)
    // The copy's token, shared by its visitors, is not the one the next submission is sent with.
    expect(html).not.toContain(COPY_TOKEN)
  })

  it('fills the form in again with the values, the messages and the token sent, with the status the action gave', async () => {
    const copy = copyOf('appointment', 'fa', '/fa/clinic/appointment')
    const answer = await answerPageFromCopy(
      post('/fa/clinic/appointment'),
      routerContext({ result: invalid, locale: 'fa' }),
      async () => copy,
    )
    const html = answer!.body.toString('utf8')
    const forms = messagesFor('fa').forms
    expect(html).toContain(forms.appointment.incompleteTitle)
    expect(html).toContain(forms.errors.phoneInvalid)
    expect(html).toContain('value="Zarghuna"')
    expect(html).toContain('Mornings, please')
    expect(html).toContain(`name="token" value="${SENT_TOKEN}"`)
    expect(answerBlock(html, 'appointment')).toEqual(invalid)
  })

  it("answers the homepage's form, posted to its index route, from the homepage's copy", async () => {
    const copy = copyOf('appointment', 'ps', '/ps/clinic?index')
    const answer = await answerPageFromCopy(
      post('/ps/clinic?index'),
      routerContext({ result: success, locale: 'ps', index: true }),
      async () => copy,
    )
    expect(answerBlock(answer!.body.toString('utf8'), 'appointment')).toEqual(success)
  })

  it('answers the course registration form', async () => {
    const registered: SubmissionResult<string> = { ...success, summary: { name: 'Student', course: 'Diploma in Dentistry' } }
    const copy = copyOf('registration', 'en', '/academy/register')
    const answer = await answerPageFromCopy(
      post('/academy/register'),
      routerContext({ kind: 'registration', result: registered }),
      async () => copy,
    )
    expect(answer!.body.toString('utf8')).toContain('Diploma in Dentistry')
  })

  it('leaves the page to be rendered whole when the copy cannot be used', async () => {
    const copy = copyOf('appointment', 'en', '/clinic/appointment')
    const cases: Array<[Request, EntryContext, (() => Promise<PageCopy | null>) | undefined]> = [
      // Not a post, or no copy to be had.
      [post('/clinic/appointment', 'GET'), routerContext({ result: success }), async () => copy],
      [post('/clinic/appointment'), routerContext({ result: success }), undefined],
      [post('/clinic/appointment'), routerContext({ result: success }), async () => null],
      // The action failed, the page has no public form, or its action gave no answer of a form.
      [post('/clinic/appointment'), routerContext({ result: success, errors: { 'routes/page': new Error('x') } }), async () => copy],
      [post('/clinic/appointment'), routerContext({ kind: null, result: success }), async () => copy],
      [post('/clinic/appointment'), routerContext({ result: { ok: true } }), async () => copy],
      // A query changes the page (?course= preselects a course).
      [post('/clinic/appointment?course=x'), routerContext({ result: success }), async () => copy],
      // The copy's form is not the one this request's page shows: another language, another action.
      [post('/clinic/appointment'), routerContext({ result: success, locale: 'fa' }), async () => copy],
      [post('/clinic?index'), routerContext({ result: success, index: true }), async () => copy],
      [post('/clinic/appointment'), routerContext({ kind: 'registration', result: success }), async () => copy],
    ]
    for (const [request, context, copyOfPage] of cases) {
      expect(await answerPageFromCopy(request, context, copyOfPage)).toBeNull()
    }
  })
})
