import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { appointments, rateLimits, registrations } from '~db/schema'
import { testDatabases } from '../../../tests/support/databases'
import { messagesFor } from '~/locales'
import { type DatabaseHandle } from '../platform/db.server'
import { appointment, form, NOW, registration, solarAppointment } from '../../../tests/support/submission-fixtures'
import { randomToken } from './shared'
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../site/site-settings'
import { submitAppointment, submitRegistration, type SubmissionContext } from './submissions.server'
import { publishedCourses } from '../../../tests/support/courses'

vi.useFakeTimers({ now: NOW, toFake: ['Date'] })

function whatsappOf(url: string) {
  const parsed = new URL(url)
  return { host: parsed.host, number: parsed.pathname.slice(1), text: parsed.searchParams.get('text') }
}

describe.each(testDatabases())('public form submissions ($name)', (target) => {
  let handle: DatabaseHandle
  let ctx: SubmissionContext
  let settings: SiteSettings
  let address = 0

  beforeAll(async () => {
    handle = await target.open()
  })
  afterAll(async () => {
    await handle.close()
  })
  beforeEach(() => {
    settings = { ...DEFAULT_SITE_SETTINGS, whatsappNumber: '+93 70 000 0001' }
    ctx = {
      database: async () => handle.db,
      // A new address per test, so that the rate limit of one test does not reach into another.
      clientAddress: `192.0.2.${++address}`,
      locale: 'en',
      settings: async () => settings,
      courses: () => publishedCourses(handle.db),
      rateLimit: { limit: 50, windowSeconds: 600 },
    }
  })

  async function appointmentsNamed(name: string) {
    return handle.db.select().from(appointments).where(eq(appointments.name, name))
  }

  it('stores an appointment request with the phone in international form', async () => {
    const { status, result } = await submitAppointment(
      form({ ...appointment, name: 'Stored Person', email: 'ahmad@example.com', message: 'Tooth ache' }),
      ctx,
    )
    expect(status).toBe(200)
    expect(result).toMatchObject({ status: 'success', summary: { name: 'Stored Person', date: '10 March 2025' } })
    const rows = await appointmentsNamed('Stored Person')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      phone: '+93701234567',
      email: 'ahmad@example.com',
      date: '2025-03-10',
      message: 'Tooth ache',
      locale: 'en',
      status: 'pending',
    })
    expect(rows[0]!.submissionKey).toMatch(/^[0-9a-f]{64}$/)
    expect(rows[0]!.createdAt).toBeInstanceOf(Date)
  })

  it('stores a registration with the course id and the page language', async () => {
    const { status, result } = await submitRegistration(form(registration), { ...ctx, locale: 'fa' })
    expect(status).toBe(200)
    expect(result).toMatchObject({
      status: 'success',
      summary: { name: 'Mariam Rahimi', course: messagesFor('fa').academy.courses.names.radiology },
    })
    const rows = await handle.db.select().from(registrations).where(eq(registrations.name, 'Mariam Rahimi'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ phone: '+93791234567', course: 'radiology', locale: 'fa', status: 'pending' })
  })

  it('stores one row for a form sent twice (same token, same values)', async () => {
    const token = randomToken()
    const values = { ...appointment, name: 'Twice Sent' }
    const first = await submitAppointment(form(values, token), ctx)
    const second = await submitAppointment(form(values, token), ctx)
    expect(first.result.status).toBe('success')
    expect(second).toEqual(first)
    expect(await appointmentsNamed('Twice Sent')).toHaveLength(1)
  })

  it('stores one row for the same form sent at the same moment (a double click)', async () => {
    const token = randomToken()
    const values = { ...registration, name: 'Double Click' }
    const answers = await Promise.all([1, 2, 3].map(() => submitRegistration(form(values, token), ctx)))
    expect(answers.map((a) => a.result.status)).toEqual(['success', 'success', 'success'])
    expect(await handle.db.select().from(registrations).where(eq(registrations.name, 'Double Click'))).toHaveLength(1)
  })

  it('recognises the same submission however the values were typed', async () => {
    const token = randomToken()
    await submitAppointment(form({ ...appointment, name: 'Same Person' }, token), ctx)
    await submitAppointment(form({ ...appointment, name: '  Same   Person ', phone: '+93 70 123 4567' }, token), ctx)
    expect(await appointmentsNamed('Same Person')).toHaveLength(1)
  })

  it('stores two rows for two forms with the same values (two real requests)', async () => {
    const values = { ...appointment, name: 'Two Visits' }
    await submitAppointment(form(values), ctx)
    await submitAppointment(form(values), ctx)
    expect(await appointmentsNamed('Two Visits')).toHaveLength(2)
  })

  it('answers missing fields with 400, the field errors and the values, and stores nothing', async () => {
    const token = randomToken()
    const { status, result } = await submitAppointment(
      form({ name: '', phone: '', email: 'kept@example', date: '', message: 'Kept message' }, token),
      ctx,
    )
    expect(status).toBe(400)
    expect(result).toEqual({
      status: 'invalid',
      fieldErrors: { name: 'nameRequired', phone: 'phoneRequired', email: 'emailInvalid', date: 'dateRequired' },
      // Every field of the form, the Solar Hijri date's parts ('' here: the English form has none) included.
      values: { name: '', phone: '', email: 'kept@example', date: '', dateDay: '', dateMonth: '', dateYear: '', message: 'Kept message' },
      token,
    })
    expect(await handle.db.select().from(appointments).where(eq(appointments.message, 'Kept message'))).toHaveLength(0)
  })

  const CONTROL_CHARACTERS = ['\u0000', '\u0008', '\u001b', '\u007f', '\u0085', '\ufffe']

  it('refuses control characters in every text field with a field message, storing nothing', async () => {
    const cases = [
      ...(['name', 'phone', 'email', 'date', 'message'] as const).map((field) => ({ kind: 'appointment' as const, field })),
      ...(['name', 'phone', 'email', 'address', 'education', 'course'] as const).map((field) => ({ kind: 'registration' as const, field })),
    ]
    for (const [i, { kind, field }] of cases.entries()) {
      const character = CONTROL_CHARACTERS[i % CONTROL_CHARACTERS.length]!
      const name = `Control ${kind} ${field}`
      const base = kind === 'appointment' ? { ...appointment, name } : { ...registration, name }
      const values = { ...base, [field]: `${field === 'name' ? name : (base as Record<string, string>)[field]}${character}x` }
      const submit = kind === 'appointment' ? submitAppointment : submitRegistration
      const { status, result } = await submit(form(values), ctx)
      expect(status, `${kind}.${field}`).toBe(400)
      expect(result, `${kind}.${field}`).toMatchObject({ status: 'invalid', fieldErrors: { [field]: 'controlCharacters' } })
      // The form comes back without the refused characters.
      expect(JSON.stringify(result)).not.toContain(JSON.stringify(character).slice(1, -1))
    }
    expect(await handle.db.select().from(appointments).where(eq(appointments.name, 'Control appointment phone'))).toHaveLength(0)
    const stored = [...(await handle.db.select().from(appointments)), ...(await handle.db.select().from(registrations))]
    expect(stored.filter((row) => row.name.startsWith('Control '))).toEqual([])
  })

  it('keeps tabs and line breaks in the message, and folds them in one-line fields', async () => {
    const { status } = await submitAppointment(
      form({ ...appointment, name: 'Tab\tand\r\nBreak', message: 'First line\r\nSecond\tline' }),
      ctx,
    )
    expect(status).toBe(200)
    const [row] = await appointmentsNamed('Tab and Break')
    expect(row?.message).toBe('First line\nSecond line')
  })

  it('has the control-character message in the three languages', () => {
    const texts = (['en', 'fa', 'ps'] as const).map((locale) => messagesFor(locale).forms.errors.controlCharacters)
    expect(new Set(texts).size).toBe(3)
    for (const text of texts) expect(text.length).toBeGreaterThan(10)
  })

  it('accepts any well-formed token the server never issued', async () => {
    const { status } = await submitAppointment(form({ ...appointment, name: 'Own Token' }, '0123456789abcdef0123456789abcdef'), ctx)
    expect(status).toBe(200)
    expect(await appointmentsNamed('Own Token')).toHaveLength(1)
  })

  it('stores a replay with an edited body as a second request, and each body once', async () => {
    const token = randomToken()
    await submitAppointment(form({ ...appointment, name: 'Edited Replay' }, token), ctx)
    const edited = { ...appointment, name: 'Edited Replay', message: 'Corrected: afternoon please' }
    expect((await submitAppointment(form(edited, token), ctx)).status).toBe(200)
    expect((await submitAppointment(form(edited, token), ctx)).status).toBe(200)
    const rows = await appointmentsNamed('Edited Replay')
    expect(rows.map((row) => row.message).sort()).toEqual(['Corrected: afternoon please', null].sort())
  })

  it('answers a malformed token as expired, storing nothing', async () => {
    for (const token of [
      '0123456789ABCDEF0123456789ABCDEF',
      '0123456789abcdef0123456789abcde',
      'g123456789abcdef0123456789abcdef',
      `${randomToken()}\u0000`,
    ]) {
      const { status, result } = await submitAppointment(form({ ...appointment, name: 'Malformed Token' }, token), ctx)
      expect(status, token).toBe(400)
      expect(result).toMatchObject({ status: 'expired', values: { name: 'Malformed Token' } })
      expect(result).toHaveProperty('token', expect.not.stringMatching(token))
    }
    expect(await appointmentsNamed('Malformed Token')).toHaveLength(0)
  })

  it('answers a form without a token as expired, with the values and a new token', async () => {
    const { status, result } = await submitAppointment(form({ ...appointment, name: 'No Token' }, null), ctx)
    expect(status).toBe(400)
    expect(result).toMatchObject({ status: 'expired', values: { name: 'No Token' } })
    expect(result).toHaveProperty('token', expect.stringMatching(/^[0-9a-f]{32}$/))
    expect(await appointmentsNamed('No Token')).toHaveLength(0)
  })

  it('stores nothing when the honeypot is filled in, and says so', async () => {
    const data = form({ ...appointment, name: 'Honey Pot' })
    data.set('website', 'https://spam.example')
    const { status, result } = await submitAppointment(data, ctx)
    expect(status).toBe(400)
    expect(result).toMatchObject({ status: 'spam', values: { name: 'Honey Pot' } })
    expect(JSON.stringify(result)).not.toContain('spam.example')
    expect(await appointmentsNamed('Honey Pot')).toHaveLength(0)
  })

  it('refuses submission N+1 of an address within the window with 429, keeping the values', async () => {
    const limited = { ...ctx, rateLimit: { limit: 2, windowSeconds: 600 } }
    const first = await submitAppointment(form({ ...appointment, name: 'Limited One' }), limited)
    await submitRegistration(form({ ...registration, name: 'Limited Two' }), limited)
    const third = await submitAppointment(form({ ...appointment, name: 'Limited Three' }), limited)
    expect(third.status).toBe(429)
    expect(third.result).toMatchObject({ status: 'rate-limited', values: { name: 'Limited Three' }, retryAfterMinutes: 10 })
    expect(await appointmentsNamed('Limited Three')).toHaveLength(0)
    // Another address is not affected.
    const other = await submitAppointment(form({ ...appointment, name: 'Other Address' }), { ...limited, clientAddress: '198.51.100.1' })
    expect(other.status).toBe(200)
    expect(first.status).toBe(200)
    // Nothing of the address itself is stored.
    expect(JSON.stringify(await handle.db.select().from(rateLimits))).not.toContain(limited.clientAddress)
  })

  it('still answers a resent, already saved form with success when the limit is reached', async () => {
    const limited = { ...ctx, rateLimit: { limit: 1, windowSeconds: 600 } }
    const token = randomToken()
    const values = { ...appointment, name: 'Saved Before Limit' }
    expect((await submitAppointment(form(values, token), limited)).status).toBe(200)
    expect((await submitAppointment(form({ ...appointment, name: 'Over Limit' }), limited)).status).toBe(429)
    expect((await submitAppointment(form(values, token), limited)).status).toBe(200)
    expect(await appointmentsNamed('Saved Before Limit')).toHaveLength(1)
  })

  it('builds the WhatsApp message with N/A for what was left out', async () => {
    const { result } = await submitAppointment(form({ ...appointment, name: 'Whats App' }), ctx)
    if (result.status !== 'success') throw new Error('expected success')
    const link = whatsappOf(result.whatsappUrl)
    expect(link).toEqual({
      host: 'wa.me',
      number: '93700000001',
      text: [
        '*New Appointment Request*',
        'Name: Whats App',
        'Phone: +93701234567',
        'Email: N/A',
        'Preferred Date: 2025-03-10',
        'Message: N/A',
      ].join('\n'),
    })
    expect(result.openWhatsapp).toBe(true)
  })

  it('gives Dari and Pashto readers the Solar Hijri date, with the Gregorian one in brackets', async () => {
    for (const [locale, date] of [
      ['fa', '۲۰ حوت ۱۴۰۳ (۱۰ مارچ ۲۰۲۵)'],
      ['ps', '۲۰ کب ۱۴۰۳ (۱۰ مارچ ۲۰۲۵)'],
    ] as const) {
      const { result } = await submitAppointment(form({ ...appointment, name: `Date Reader ${locale}` }), { ...ctx, locale })
      if (result.status !== 'success') throw new Error('expected success')
      const labels = messagesFor(locale).forms.whatsapp
      expect(whatsappOf(result.whatsappUrl).text?.split('\n')).toContain(`${labels.date}: ${date}`)
    }
  })

  it('reads the Solar Hijri day, month and year of the Dari and Pashto forms and stores the Gregorian date', async () => {
    for (const [locale, date] of [
      ['fa', '۲۰ حوت ۱۴۰۳ (۱۰ مارچ ۲۰۲۵)'],
      ['ps', '۲۰ کب ۱۴۰۳ (۱۰ مارچ ۲۰۲۵)'],
    ] as const) {
      const name = `Solar Reader ${locale}`
      const { status, result } = await submitAppointment(form({ ...solarAppointment, name }), { ...ctx, locale })
      expect(status).toBe(200)
      if (result.status !== 'success') throw new Error('expected success')
      expect(result.summary.date).toBe(date)
      expect(await appointmentsNamed(name)).toMatchObject([{ date: '2025-03-10', locale }])
      const labels = messagesFor(locale).forms.whatsapp
      expect(whatsappOf(result.whatsappUrl).text?.split('\n')).toContain(`${labels.date}: ${date}`)
    }
  })

  it('answers a Solar Hijri day the month does not have with the date error, keeping every part as typed', async () => {
    // Hoot 1403 has 30 days.
    const { status, result } = await submitAppointment(form({ ...solarAppointment, name: 'No Such Day', dateDay: '۳۱' }), {
      ...ctx,
      locale: 'fa',
    })
    expect(status).toBe(400)
    expect(result).toMatchObject({
      status: 'invalid',
      fieldErrors: { date: 'dateInvalid' },
      values: { name: 'No Such Day', dateDay: '۳۱', dateMonth: '12', dateYear: '۱۴۰۳' },
    })
    expect(await appointmentsNamed('No Such Day')).toHaveLength(0)
  })

  it('writes the registration message in the page language, with the course name in it', async () => {
    const { result } = await submitRegistration(form({ ...registration, name: 'Dari Reader' }), { ...ctx, locale: 'fa' })
    if (result.status !== 'success') throw new Error('expected success')
    const labels = messagesFor('fa').forms.whatsapp
    const text = whatsappOf(result.whatsappUrl).text ?? ''
    expect(text.split('\n')).toEqual([
      `*${labels.registrationHeader}*`,
      `${labels.name}: Dari Reader`,
      // Isolated left to right inside the Dari message (lib/i18n/bidi.ts).
      `${labels.email}: \u2066mariam@example.com\u2069`,
      `${labels.phone}: \u2066+93791234567\u2069`,
      `${labels.address}: Karte 3, Kabul`,
      `${labels.education}: High school graduate`,
      `${labels.course}: ${messagesFor('fa').academy.courses.names.radiology}`,
    ])
  })

  it('follows the notification settings and the target number', async () => {
    settings = { ...settings, whatsappNumber: '+44 20 7946 0958', notifyOnAppointment: false, notifyOnRegistration: false }
    const a = await submitAppointment(form({ ...appointment, name: 'No Notify' }), ctx)
    const r = await submitRegistration(form({ ...registration, name: 'No Notify' }), ctx)
    for (const { result } of [a, r]) {
      if (result.status !== 'success') throw new Error('expected success')
      expect(result.openWhatsapp).toBe(false)
      expect(whatsappOf(result.whatsappUrl).number).toBe('442079460958')
    }
  })
})
