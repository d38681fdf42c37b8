import { describe, expect, it, vi } from 'vitest'
import { testDatabases } from '../../../tests/support/databases'
import { form, NOW, registration } from '../../../tests/support/submission-fixtures'
import { randomToken } from './shared'
import { DEFAULT_SITE_SETTINGS } from '../site/site-settings'
import { describeDatabaseError, submitAppointment, submitRegistration, type SubmissionContext } from './submissions.server'
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
