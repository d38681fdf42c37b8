import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { sql } from 'drizzle-orm'
import { messagesFor } from '~/locales'
import { appointment, form, NOW, registration } from '../../../tests/support/submission-fixtures'
import { randomToken } from '~/lib/forms/shared'
import { connectDatabase, database, disconnectDatabase } from '~/lib/platform/db.server'
import { requestContext } from '~/lib/platform/request-context'
import { DEFAULT_INTEGRATIONS } from '~/lib/site/editor-schemas'
import { saveDocument } from '~/lib/site/site-documents.server'
import { siteChanged } from '~/lib/site/site-version.server'
import { appointmentAction, registrationAction } from './public-form.server'

vi.useFakeTimers({ now: NOW, toFake: ['Date'] })

describe('the form actions', () => {
  beforeAll(async () => {
    await connectDatabase({ memory: true })
  })
  afterAll(async () => {
    await disconnectDatabase()
  })

  function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
    const request = new Request(`http://localhost${path}`, { method: 'POST', body, headers: { origin: 'http://localhost', ...headers } })
    const lang = path.match(/^\/(fa|ps|xx)\//)?.[1]
    return { request, params: lang ? { lang } : {}, context: requestContext({ clientAddress: '192.0.2.250', nonce: '' }) } as never
  }

  it('saves a valid form and forbids caching the answer', async () => {
    const answer = await appointmentAction(post('/clinic/appointment', form({ ...appointment, name: 'Through Action' })))
    expect(answer.init?.status).toBe(200)
    expect(new Headers(answer.init?.headers).get('Cache-Control')).toBe('no-store')
    expect(answer.data).toMatchObject({ status: 'success', summary: { name: 'Through Action' } })
  })

  it('reads the language from the address', async () => {
    const answer = await registrationAction(post('/ps/academy/register', form({ ...registration, name: 'Pashto Page' })))
    expect(answer.data).toMatchObject({ status: 'success', summary: { course: messagesFor('ps').academy.courses.names.radiology } })
    await expect(appointmentAction(post('/xx/clinic/appointment', form(appointment)))).rejects.toMatchObject({ init: { status: 404 } })
  })

  it('answers bad input with 4xx, never 500', async () => {
    const json = await appointmentAction(post('/clinic/appointment', '{"name":1}', { 'content-type': 'application/json' }))
    expect(json.init?.status).toBe(415)
    expect(json.data).toMatchObject({ status: 'expired' })
    const text = await registrationAction(post('/academy/register', 'name=x', { 'content-type': 'text/plain' }))
    expect(text.init?.status).toBe(415)
    const garbage = await registrationAction(
      post('/academy/register', '--x\r\nbroken', { 'content-type': 'multipart/form-data; boundary=nothing' }),
    )
    expect(garbage.init?.status).toBe(400)
    const files = form({ ...appointment, name: 'File Name' })
    files.set('phone', new Blob(['0701234567']), 'phone.txt')
    const file = await appointmentAction(post('/clinic/appointment', files))
    expect(file.init?.status).toBe(400)
    expect(file.data).toMatchObject({ status: 'invalid', fieldErrors: { phone: 'phoneRequired' } })
  })

  it('reads the first value of a field sent twice', async () => {
    const twice = form({ ...appointment, name: 'First Of Two' })
    twice.append('name', 'Second Of Two')
    const answer = await appointmentAction(post('/clinic/appointment', twice))
    expect(answer.init?.status).toBe(200)
    expect(answer.data).toMatchObject({ status: 'success', summary: { name: 'First Of Two' } })
  })

  it('answers a NUL byte through the action with the field message (the form is shown again)', async () => {
    const body = new URLSearchParams({ token: randomToken(), website: '', ...appointment, name: 'Nul%00Name' })
    const answer = await appointmentAction(
      post('/fa/clinic/appointment', body.toString().replace('Nul%2500Name', 'Nul%00Name'), {
        'content-type': 'application/x-www-form-urlencoded',
      }),
    )
    expect(answer.init?.status).toBe(400)
    expect(answer.data).toMatchObject({ status: 'invalid', fieldErrors: { name: 'controlCharacters' }, values: { name: 'NulName' } })
  })

  it('answers with the published site held for the current version, and a saved number at once', async () => {
    const db = await database()
    await saveDocument(db, 'integrations', { ...DEFAULT_INTEGRATIONS, whatsappNumber: '0799111111' }, null)
    const link = async (name: string) => {
      const args = post('/clinic/appointment', form({ ...appointment, name }))
      // An address of its own: the other tests of the file count against theirs.
      ;(args as { context: object }).context = requestContext({ clientAddress: '192.0.2.251', nonce: '' })
      const answer = await appointmentAction(args)
      expect(answer.data).toMatchObject({ status: 'success' })
      return (answer.data as { whatsappUrl?: string }).whatsappUrl
    }
    expect(await link('Held Site One')).toMatch(/^https:\/\/wa\.me\/93799111111\?/)
    // Saved by another process, with this one's version stamp still fresh: the posts do not read
    // the published site again, but answer from the copy held for that version.
    await db.execute(
      sql`update site_documents set value = jsonb_set(value, '{whatsappNumber}', '"+93799222222"'), updated_at = now() + interval '1 second' where key = 'integrations'`,
    )
    expect(await link('Held Site Two')).toMatch(/^https:\/\/wa\.me\/93799111111\?/)
    // Once the stamp is read again (every half second, or at once after a publish here), the new number.
    siteChanged()
    expect(await link('Held Site Three')).toMatch(/^https:\/\/wa\.me\/93799222222\?/)
    // A save in this process shows in the very next answer.
    await saveDocument(db, 'integrations', { ...DEFAULT_INTEGRATIONS, whatsappNumber: '0799333333' }, null)
    expect(await link('Held Site Four')).toMatch(/^https:\/\/wa\.me\/93799333333\?/)
  })

  it('refuses a post from another site', async () => {
    await expect(
      appointmentAction(post('/clinic/appointment', form(appointment), { origin: 'https://evil.example' })),
    ).rejects.toMatchObject({ init: { status: 403 } })
  })
})
