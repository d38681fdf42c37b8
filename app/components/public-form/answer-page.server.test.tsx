import { renderToString } from 'react-dom/server'
import type { EntryContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { answerElementId, type CopyForm, type PageCopy, type PublicFormKind } from '~/lib/forms/page-answer'
import { kabulToday, type SubmissionResult } from '~/lib/forms/shared'
import { startingState } from '~/lib/forms/public-form-state'
import type { Locale } from '~/lib/i18n/locale'
import type { RootData } from '~/lib/site/root-data'
import { publicCollections } from '~/lib/site/collections'
import { seedCollections } from '~/lib/site/editor-schemas'
import { messagesFor } from '~/locales'
import { appointmentForm } from '../appointment-form'
import { registrationForm } from '../registration-form'
import { answerInCopy, formOfPage } from './answer-page.server'
import { PublicFormView } from './public-form'

const COPY_TOKEN = 'c0ffee00c0ffee00c0ffee00c0ffee00'
const SENT_TOKEN = 'abcdefabcdefabcdefabcdefabcdef12'
const BEFORE = '<!DOCTYPE html><html><head><title>Book</title></head><body><main><h1>Book a visit</h1>'
const AFTER = '</main><script nonce="n1">window.__reactRouterContext={}</script></body></html>'

function rootData(locale: Locale): RootData {
  const collections = publicCollections(seedCollections(), locale, messagesFor(locale))
  return { locale, messages: messagesFor(locale), collections } as unknown as RootData
}

function formOf(kind: PublicFormKind, locale: Locale, action: string): CopyForm {
  return { kind, page: { root: rootData(locale), action, search: new URLSearchParams(), today: kabulToday() } }
}

/** A cached copy of a page with `rendered` as a visitor without an answer gets it; `form` is what the copy notes. */
function copyOf(rendered: CopyForm, form: CopyForm | null = rendered): PageCopy {
  const spec = rendered.kind === 'appointment' ? appointmentForm : registrationForm
  const html = renderToString(<PublicFormView spec={spec as never} page={rendered.page} state={startingState(undefined, COPY_TOKEN)} />)
  return { body: Buffer.from(BEFORE + html + AFTER), policy: "script-src 'self' 'sha256-abc'", form }
}

function routerContext({
  kind = 'appointment' as PublicFormKind | null,
  locale = 'en' as Locale,
  index = false,
  errors = null as Record<string, unknown> | null,
  root = true,
}: {
  kind?: PublicFormKind | null
  locale?: Locale
  index?: boolean
  errors?: Record<string, unknown> | null
  root?: boolean
} = {}): EntryContext {
  return {
    staticHandlerContext: {
      matches: [{ route: { id: 'root' } }, { route: { id: 'routes/page', index } }],
      loaderData: root ? { root: rootData(locale) } : {},
      actionData: null,
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

describe('the form a page shows, noted with its cached copy', () => {
  it('names the form and the page it was rendered on, with the form action of an index route', () => {
    const page = formOfPage(new Request('http://clinic.test/fa/clinic/appointment'), routerContext({ locale: 'fa' }))
    expect(page).toMatchObject({ kind: 'appointment', page: { action: '/fa/clinic/appointment', today: kabulToday() } })
    expect(page!.page.root.locale).toBe('fa')
    const home = formOfPage(new Request('http://clinic.test/clinic'), routerContext({ index: true }))
    expect(home!.page.action).toBe('/clinic?index')
    expect(formOfPage(new Request('http://clinic.test/academy/register'), routerContext({ kind: 'registration' }))!.kind).toBe(
      'registration',
    )
  })

  it('notes none for a page without a public form, an error, a page without its data, or a query', () => {
    const url = 'http://clinic.test/clinic/appointment'
    expect(formOfPage(new Request(url), routerContext({ kind: null }))).toBeNull()
    expect(formOfPage(new Request(url), routerContext({ errors: { 'routes/page': new Error('x') } }))).toBeNull()
    expect(formOfPage(new Request(url), routerContext({ root: false }))).toBeNull()
    // A query changes the page (?course= preselects a course).
    expect(formOfPage(new Request(`${url}?course=x`), routerContext())).toBeNull()
  })
})

describe('the answer to a form sent without JavaScript, made from the cached copy of its page', () => {
  it('puts the success panel and the answer into the copy, and leaves the rest of the page as it was', () => {
    const copy = copyOf(formOf('appointment', 'en', '/clinic/appointment'))
    const html = answerInCopy(copy, success)!.toString('utf8')
    expect(html.startsWith(BEFORE)).toBe(true)
    expect(html.endsWith(AFTER)).toBe(true)
    expect(html).toContain(messagesFor('en').forms.appointment.successTitle)
    expect(html).toContain('href="https://wa.me/93700000000?text=hello"')
    // What the person typed cannot end the data block.
    expect(html).toContain('Ahmad \\u003c/script>\\u003cscript>alert(1)\\u003c/script>')
    expect(html.match(/<\/script>/g)).toHaveLength(2)
    expect(answerBlock(html, 'appointment')).toEqual(success)
    // The copy's token, shared by its visitors, is not the one the next submission is sent with.
    expect(html).not.toContain(COPY_TOKEN)
  })

  it('fills the form in again with the values, the messages and the token sent', () => {
    const copy = copyOf(formOf('appointment', 'fa', '/fa/clinic/appointment'))
    const html = answerInCopy(copy, invalid)!.toString('utf8')
    const forms = messagesFor('fa').forms
    expect(html).toContain(forms.appointment.incompleteTitle)
    expect(html).toContain(forms.errors.phoneInvalid)
    expect(html).toContain('value="Zarghuna"')
    expect(html).toContain('Mornings, please')
    expect(html).toContain(`name="token" value="${SENT_TOKEN}"`)
    expect(answerBlock(html, 'appointment')).toEqual(invalid)
  })

  it("answers the homepage's form, posted to its index route, and the course registration form", () => {
    const home = answerInCopy(copyOf(formOf('appointment', 'ps', '/ps/clinic?index')), success)!.toString('utf8')
    expect(home).toContain('action="/ps/clinic?index"')
    expect(answerBlock(home, 'appointment')).toEqual(success)
    const registered: SubmissionResult<string> = { ...success, summary: { name: 'Student', course: 'Diploma in Dentistry' } }
    const register = answerInCopy(copyOf(formOf('registration', 'en', '/academy/register')), registered)!.toString('utf8')
    expect(register).toContain('Diploma in Dentistry')
  })

  it('gives nothing when the copy has no form, or its form is not the one it notes', () => {
    const en = formOf('appointment', 'en', '/clinic/appointment')
    expect(answerInCopy(copyOf(en, null), success)).toBeNull()
    // Another language, another action, another form than the copy shows.
    expect(answerInCopy(copyOf(en, formOf('appointment', 'fa', '/clinic/appointment')), success)).toBeNull()
    expect(answerInCopy(copyOf(en, formOf('appointment', 'en', '/clinic?index')), success)).toBeNull()
    expect(answerInCopy(copyOf(en, formOf('registration', 'en', '/clinic/appointment')), success)).toBeNull()
    // A page without the form at all.
    const bare: PageCopy = { body: Buffer.from(BEFORE + AFTER), policy: "script-src 'self'", form: en }
    expect(answerInCopy(bare, success)).toBeNull()
  })
})
