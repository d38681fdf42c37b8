/** What the submission tests send: a form with its token and empty honeypot, and two valid requests. */
import { randomToken } from '~/lib/forms/shared'

/** 10:00 UTC on 1 March 2025: the tests' clock, so the preferred date below is in range. */
export const NOW = new Date('2025-03-01T10:00:00Z')

export function form(values: Record<string, string>, token: string | null = randomToken()): FormData {
  const data = new FormData()
  if (token) data.set('token', token)
  data.set('website', '')
  for (const [key, value] of Object.entries(values)) data.set(key, value)
  return data
}

export const appointment = {
  name: 'Ahmad Karimi',
  phone: '070 123 4567',
  email: '',
  date: '2025-03-10',
  message: '',
}

/**
 * The same request from the Dari or Pashto form: the preferred date as a Solar Hijri day, month and
 * year (20 Hoot 1403 = 10 March 2025), typed in Eastern digits, and no `date` field.
 */
export const solarAppointment = {
  name: appointment.name,
  phone: appointment.phone,
  email: '',
  dateDay: '۲۰',
  dateMonth: '12',
  dateYear: '۱۴۰۳',
  message: '',
}

export const registration = {
  name: 'Mariam Rahimi',
  phone: '+93 79 123 4567',
  email: 'mariam@example.com',
  address: 'Karte 3, Kabul',
  education: 'High school graduate',
  course: 'radiology',
}
