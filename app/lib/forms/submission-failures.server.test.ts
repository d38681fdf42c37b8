import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { testDatabases } from '../../../tests/support/databases'
import { messagesFor } from '~/locales'
import { connectDatabase, database, disconnectDatabase } from '../platform/db.server'
import { selectRows } from '../platform/select-rows.server'
import { appointment, form, NOW, registration } from '../../../tests/support/submission-fixtures'
import { sql } from 'drizzle-orm'
import { randomToken } from './shared'
import { formOutcomeReceiver, formOutcomeReplay, type FormOutcome } from './form-post'
import { DEFAULT_SITE_SETTINGS } from '../site/site-settings'
import { DEFAULT_INTEGRATIONS } from '../site/editor-schemas'
import { saveDocument } from '../site/site-store.server'
import { siteChanged } from '../site/site-version.server'
import {
  appointmentAction,
  describeDatabaseError,
  registrationAction,
  submitAppointment,
  submitRegistration,
  type SubmissionContext,
} from './submissions.server'
import { requestContext } from '~/lib/platform/request-context'
import { courseChoices } from './course-choices.server'
import { freshSite } from '../../../tests/support/courses'

vi.useFakeTimers({ now: NOW, toFake: ['Date'] })

describe('when the database fails', () => {
  const personal = {
    name: 'Private Person',
    phone: '070 123 4567',
    email: 'private@example.com',
    date: '2025-03-10',
    message: 'Private note',
  }

  function failingContext(error: Error): SubmissionContext {
    const failing = new Proxy(
      {},
      {
        get() {
          throw error
        },
      },
    )
    return {
      database: async () => failing as never,
      clientAddress: '192.0.2.200',
      locale: 'en',
      settings: async () => DEFAULT_SITE_SETTINGS,
      courses: async () => courseChoices(freshSite()),
      rateLimit: { limit: 5, windowSeconds: 600 },
    }
  }

  it('answers 503 with the Submission Error and the values, and logs no personal data', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    // Like the query wrapper of the ORM: its message lists the parameters.
    const cause = Object.assign(new Error('value "Private Person" violates constraint; +93701234567'), { code: '23514' })
    const error = new Error(
      'Failed query: insert into "appointments" ... params: Private Person,+93701234567,private@example.com,2025-03-10,Private note',
      { cause },
    )
    const token = randomToken()
    const { status, result } = await submitAppointment(form(personal, token), failingContext(error))
    expect(status).toBe(503)
    // The values come back as the form has them (the English form has no Solar Hijri parts).
    expect(result).toEqual({ status: 'error', values: { ...personal, dateDay: '', dateMonth: '', dateYear: '' }, fieldErrors: {}, token })
    expect(logged).toHaveBeenCalledTimes(1)
    const text = logged.mock.calls.flat().map(String).join(' ')
    expect(text).toContain('23514')
    for (const secret of ['Private', '+93701234567', '0701234567', 'private@example.com', 'Private note']) {
      expect(text).not.toContain(secret)
    }
  })

  it('answers 503 when the database is closed (registration), logging the error without the data', async () => {
    const [target] = testDatabases()
    const handle = await target!.open()
    await handle.close()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const ctx = { ...failingContext(new Error('unused')), database: async () => handle.db }
    const { status, result } = await submitRegistration(form({ ...registration, name: 'Closed Database' }), ctx)
    expect(status).toBe(503)
    expect(result).toMatchObject({ status: 'error', values: { name: 'Closed Database' } })
    const text = logged.mock.calls.flat().map(String).join(' ')
    expect(text).toMatch(/registration failed/)
    expect(text).not.toContain('Closed Database')
    expect(text).not.toContain('mariam@example.com')
  })

  it('describes an error by its innermost cause, with the values cut out', () => {
    const root = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    expect(describeDatabaseError(new Error('Failed query: params: a', { cause: root }), ['a'])).toBe(
      'Error: code ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432',
    )
    expect(describeDatabaseError(new Error('bad "Zahra"'), ['Zahra'])).toBe('Error: bad "[redacted]"')
    expect(describeDatabaseError('text', [])).toBe('non-error value thrown')
  })
})

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

  it('keeps what it answered a form sent without JavaScript, and gives the same again without storing twice', async () => {
    let outcome: FormOutcome | null = null
    const context = requestContext({ clientAddress: '192.0.2.250', nonce: '' })
    context.set(formOutcomeReceiver, (given) => (outcome = given))
    const args = post('/clinic/appointment', form({ ...appointment, name: 'Kept Answer' }))
    ;(args as { context: object }).context = context
    const answer = await appointmentAction(args)
    expect(outcome).toEqual({ answer: { result: answer.data, status: 200 } })
    const db = await database()
    const rows = () => selectRows(db, sql`select count(*)::int as n from appointments where name = 'Kept Answer'`)
    expect(await rows()).toEqual([{ n: 1 }])
    // The page rendered whole: the action gives the same answer, with its headers; nothing is read or stored.
    context.set(formOutcomeReceiver, null)
    context.set(formOutcomeReplay, outcome)
    const replayed = await appointmentAction(args)
    expect(replayed.data).toEqual(answer.data)
    expect(replayed.init?.status).toBe(200)
    expect(new Headers(replayed.init?.headers).get('Cache-Control')).toBe('no-store')
    expect(await rows()).toEqual([{ n: 1 }])
  })

  it('keeps what it threw, and throws it again on the replay', async () => {
    let outcome: FormOutcome | null = null
    const context = requestContext({ clientAddress: '192.0.2.250', nonce: '' })
    context.set(formOutcomeReceiver, (given) => (outcome = given))
    const foreign = post('/clinic/appointment', form(appointment), { origin: 'https://evil.example' })
    ;(foreign as { context: object }).context = context
    const thrown = await appointmentAction(foreign).catch((error: unknown) => error)
    expect(thrown).toMatchObject({ init: { status: 403 } })
    expect(outcome).toEqual({ thrown })
    context.set(formOutcomeReceiver, null)
    context.set(formOutcomeReplay, outcome)
    await expect(appointmentAction(foreign)).rejects.toBe(thrown)
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
