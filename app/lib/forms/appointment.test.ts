import { describe, expect, it } from 'vitest'
import { toE164 } from '../contact/phone.server'
import { createAppointmentRequestSchema } from './appointment'
import { fieldErrors, formValues, kabulToday, oneYearLater } from './shared'

// 10:00 UTC on 1 March 2025 is 14:30 in Kabul.
const NOW = new Date('2025-03-01T10:00:00Z')
const browser = createAppointmentRequestSchema({ now: () => NOW })
const server = createAppointmentRequestSchema({ phone: toE164, now: () => NOW })

const complete = { name: 'Ahmad Karimi', phone: '0701234567', email: '', date: '2025-03-10', message: '' }

function errorsOf(schema: typeof server, values: Record<string, string>) {
  const parsed = schema.safeParse(values)
  return parsed.success ? {} : fieldErrors(parsed.error)
}

describe('AppointmentRequestSchema', () => {
  it('accepts a complete form and cleans it', () => {
    const parsed = server.safeParse({ ...complete, name: '  Ahmad   Karimi ', message: ' Tooth ache\r\n\r\n\r\n since Monday ' })
    expect(parsed.success).toBe(true)
    expect(parsed.data).toEqual({
      name: 'Ahmad Karimi',
      phone: '+93701234567',
      email: null,
      date: '2025-03-10',
      message: 'Tooth ache\n\nsince Monday',
    })
  })

  it.each([
    ['name', 'nameRequired'],
    ['phone', 'phoneRequired'],
    ['date', 'dateRequired'],
  ] as const)('requires %s', (field, code) => {
    expect(errorsOf(server, { ...complete, [field]: '' })).toEqual({ [field]: code })
    expect(errorsOf(server, { ...complete, [field]: '   ' })).toEqual({ [field]: code })
    expect(errorsOf(browser, { ...complete, [field]: '' })).toEqual({ [field]: code })
  })

  it('reports every missing field at once', () => {
    expect(errorsOf(server, { name: '', phone: '', email: '', date: '', message: '' })).toEqual({
      name: 'nameRequired',
      phone: 'phoneRequired',
      date: 'dateRequired',
    })
  })

  it('treats fields missing from the request like empty ones', () => {
    expect(errorsOf(server, formValues(new FormData(), ['name', 'phone', 'email', 'date', 'message']))).toEqual({
      name: 'nameRequired',
      phone: 'phoneRequired',
      date: 'dateRequired',
    })
  })

  it('takes e-mail as optional, but checks its format', () => {
    expect(errorsOf(server, { ...complete, email: 'ahmad@example.com' })).toEqual({})
    expect(server.safeParse({ ...complete, email: ' ahmad@example.com ' }).data?.email).toBe('ahmad@example.com')
    for (const email of ['ahmad', 'ahmad@', '@example.com', 'ahmad@example', 'ah mad@example.com', 'a@b..com', 'ahmad@@example.com']) {
      expect(errorsOf(server, { ...complete, email }), email).toEqual({ email: 'emailInvalid' })
      expect(errorsOf(browser, { ...complete, email }), email).toEqual({ email: 'emailInvalid' })
    }
    expect(errorsOf(server, { ...complete, email: `${'a'.repeat(250)}@example.com` })).toEqual({ email: 'tooLong' })
  })

  it('reads Eastern digits in the e-mail address', () => {
    expect(server.safeParse({ ...complete, email: 'ali۱۲@example.com' }).data?.email).toBe('ali12@example.com')
  })

  it('stores the phone in international form on the server', () => {
    expect(server.safeParse({ ...complete, phone: '۰۷۰ ۱۲۳ ۴۵۶۷' }).data?.phone).toBe('+93701234567')
    expect(server.safeParse({ ...complete, phone: '+44 20 7946 0958' }).data?.phone).toBe('+442079460958')
    expect(errorsOf(server, { ...complete, phone: '0201234567' })).toEqual({ phone: 'phoneInvalid' })
    expect(errorsOf(server, { ...complete, phone: 'call me' })).toEqual({ phone: 'phoneInvalid' })
    expect(errorsOf(browser, { ...complete, phone: '12345' })).toEqual({ phone: 'phoneInvalid' })
  })

  it('keeps the preferred date between today in Kabul and one year ahead', () => {
    expect(errorsOf(server, { ...complete, date: '2025-03-01' })).toEqual({})
    expect(errorsOf(server, { ...complete, date: '2025-02-28' })).toEqual({ date: 'datePast' })
    expect(errorsOf(server, { ...complete, date: '2026-03-01' })).toEqual({})
    expect(errorsOf(server, { ...complete, date: '2026-03-02' })).toEqual({ date: 'dateTooFar' })
    expect(errorsOf(server, { ...complete, date: '2025-02-30' })).toEqual({ date: 'dateInvalid' })
    expect(errorsOf(server, { ...complete, date: '10/03/2025' })).toEqual({ date: 'dateInvalid' })
  })

  it('reads the Solar Hijri day, month and year of the Dari and Pashto forms into the date, in either digits', () => {
    // Today (1 March 2025) is 11 Hoot 1403; a year ahead is 10 Hoot 1404.
    const solar = (dateDay: string, dateMonth: string, dateYear: string) => ({ ...complete, date: '', dateDay, dateMonth, dateYear })
    for (const schema of [server, browser]) {
      expect(schema.safeParse(solar('۲۰', '12', '۱۴۰۳')).data?.date).toBe('2025-03-10')
      expect(schema.safeParse(solar('20', '12', '1403')).data?.date).toBe('2025-03-10')
      expect(schema.safeParse(solar('۱۱', '12', '۱۴۰۳')).data?.date).toBe('2025-03-01')
      expect(errorsOf(schema, solar('', '', '1403'))).toEqual({ date: 'dateRequired' })
      expect(errorsOf(schema, solar('۲۰', '', '1403'))).toEqual({ date: 'dateIncomplete' })
      expect(errorsOf(schema, solar('۳۱', '7', '1404'))).toEqual({ date: 'dateInvalid' })
      expect(errorsOf(schema, solar('۱۰', '12', '1403'))).toEqual({ date: 'datePast' })
      expect(errorsOf(schema, solar('۱۰', '12', '1404'))).toEqual({}) // a year ahead, the last day offered
      expect(errorsOf(schema, solar('۱۱', '12', '1404'))).toEqual({ date: 'dateTooFar' })
    }
    // The stored value is the Gregorian date, whatever the form sent.
    expect(server.safeParse(solar('۲۰', '12', '۱۴۰۳')).data).toEqual({ ...server.safeParse(complete).data })
  })

  it("uses Kabul's calendar day, not the server's", () => {
    // 20:00 UTC on 28 February is already 1 March in Kabul (UTC+4:30).
    const lateEvening = createAppointmentRequestSchema({ phone: toE164, now: () => new Date('2025-02-28T20:00:00Z') })
    expect(errorsOf(lateEvening, { ...complete, date: '2025-02-28' })).toEqual({ date: 'datePast' })
    expect(kabulToday(new Date('2025-02-28T19:29:00Z'))).toBe('2025-02-28')
    expect(kabulToday(new Date('2025-02-28T19:30:00Z'))).toBe('2025-03-01')
    expect(oneYearLater('2024-02-29')).toBe('2025-02-28')
  })

  it('limits the lengths', () => {
    expect(errorsOf(server, { ...complete, name: 'x'.repeat(101) })).toEqual({ name: 'nameTooLong' })
    expect(errorsOf(server, { ...complete, name: 'x'.repeat(100) })).toEqual({})
    expect(errorsOf(server, { ...complete, message: 'x'.repeat(1001) })).toEqual({ message: 'tooLong' })
  })

  it('never throws on odd input', () => {
    for (const input of [undefined, null, 42, 'text', [], { name: 5 }]) {
      expect(server.safeParse(input).success).toBe(false)
    }
  })
})
