import type { EntryContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { messagesFor } from '~/locales'
import { requestContext, type PageCopy } from '~/lib/platform/request-context'
import { answerFromCopy } from './answer-from-copy.server'

const FORM = '<div class="space-y-4" data-form="appointment"><form method="post"><input name="token" value="t"></form></div>'
const PAGE = (body: string) => `<!DOCTYPE html><html><head></head><body><main>${body}</main><script>hydrate()</script></body></html>`
const POLICY = "script-src 'self' 'sha256-abc='"
const SAVED = {
  status: 'success',
  summary: { name: 'Karim Ahmadi', date: '12 December 2026' },
  whatsappUrl: 'https://wa.me/93700000000?text=New',
  openWhatsapp: false,
}

function answer({
  page = PAGE(FORM),
  actionData = { 'routes/clinic/appointment': SAVED } as Record<string, unknown>,
  status = 200,
  method = 'POST',
} = {}) {
  const copy: PageCopy | null = page ? { body: Buffer.from(page), contentSecurityPolicy: POLICY } : null
  const entry = { staticHandlerContext: { actionData, loaderData: { root: { messages: messagesFor('en') } } } } as unknown as EntryContext
  const request = new Request('http://clinic.test/clinic/appointment', { method, body: method === 'POST' ? 'name=x' : undefined })
  const headers = new Headers({ 'Cache-Control': 'no-store' })
  return answerFromCopy(
    request,
    status,
    headers,
    entry,
    requestContext({ nonce: 'n', clientAddress: '' }, () => copy),
  )
}

describe('a saved form answered from the cached copy of its page', () => {
  it('is the copy with the success panel and the answer first in the form, under the copy’s policy', async () => {
    const response = answer()!
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Security-Policy')).toBe(POLICY)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const html = await response.text()
    const page = PAGE(FORM)
    const formAt = page.indexOf('<form')
    // The copy's bytes on either side; between them, inside the form's wrapper, the answer.
    expect(html.startsWith(page.slice(0, formAt))).toBe(true)
    expect(html.endsWith(page.slice(formAt))).toBe(true)
    const added = html.slice(formAt, html.length - (page.length - formAt))
    expect(added).toMatch(/^<div id="appointment-form-success" tabindex="-1" role="status"/)
    expect(added).toContain('✅ Appointment Request Sent!')
    expect(added).toContain('Preferred date: 12 December 2026')
    expect(added).toContain('href="https://wa.me/93700000000?text=New"')
    expect(added).toMatch(/<script type="application\/json" id="appointment-answer">\{"status":"success".*Karim Ahmadi.*<\/script>$/)
  })

  it('leaves the page to be rendered for a refusal, a page not cached, or a page without one public form', () => {
    const refused = { status: 'invalid', values: {}, fieldErrors: { name: 'required' }, token: 't' }
    expect(answer({ actionData: { 'routes/clinic/appointment': refused }, status: 400 })).toBeNull()
    expect(answer({ status: 503 })).toBeNull()
    expect(answer({ page: '' })).toBeNull()
    expect(answer({ page: PAGE('<p>No form here</p>') })).toBeNull()
    expect(answer({ page: PAGE(FORM + FORM) })).toBeNull()
    expect(answer({ page: PAGE('<div class="space-y-4" data-form="newsletter"><form></form></div>') })).toBeNull()
    expect(answer({ method: 'GET' })).toBeNull()
  })
})
