import { describe, expect, it } from 'vitest'
import { isPlausiblePhone, phoneCandidate } from './phone'
import { toE164 } from './phone.server'

describe('phoneCandidate', () => {
  it('keeps digits and a leading +, drops separators and direction marks', () => {
    expect(phoneCandidate('070 123 4567')).toBe('0701234567')
    expect(phoneCandidate('(070) 123-4567')).toBe('0701234567')
    expect(phoneCandidate('\u2066+93 70 123 4567\u2069')).toBe('+93701234567')
    expect(phoneCandidate('0093 70 123 4567')).toBe('+93701234567')
  })

  it('refuses letters and a + anywhere but the start', () => {
    expect(phoneCandidate('070 CALL ME')).toBeNull()
    expect(phoneCandidate('070+1234567')).toBeNull()
    expect(phoneCandidate('')).toBeNull()
  })
})

// The same inputs for the browser's quick check and the server's strict one.
const VALID: [string, string][] = [
  ['0701234567', '+93701234567'],
  ['070 123 4567', '+93701234567'],
  ['070-123-4567', '+93701234567'],
  ['+93 70 123 4567', '+93701234567'],
  ['+93701234567', '+93701234567'],
  ['0093 70 123 4567', '+93701234567'],
  ['00937012345 67', '+93701234567'],
  ['۰۷۰۱۲۳۴۵۶۷', '+93701234567'],
  ['۰۷۰ ۱۲۳ ۴۵۶۷', '+93701234567'],
  ['+۹۳ ۷۹ ۱۲۳ ۴۵۶۷', '+93791234567'],
  ['٠٧٠١٢٣٤٥٦٧', '+93701234567'],
  ['701234567', '+93701234567'],
  ['+1 415 555 2671', '+14155552671'],
  ['+44 20 7946 0958', '+442079460958'],
  ['0044 20 7946 0958', '+442079460958'],
]

const INVALID = ['', '   ', '12345', '070123', '070 123 45', 'abc', '070 12a 4567', '+93 70 123 4567 ext 5', '+0 123 456 789']

describe('toE164 (server)', () => {
  it.each(VALID)('%s is %s', (input, e164) => {
    expect(toE164(input)).toBe(e164)
  })

  it.each(INVALID)('%j is not a phone number', (input) => {
    expect(toE164(input)).toBeNull()
  })

  it('checks the numbering plan, not only the length', () => {
    // Ten digits with a leading 0, but 02 is not an Afghan mobile or a valid landline prefix.
    expect(toE164('0201234567')).toBeNull()
    expect(toE164('+93 070 123 456')).toBeNull()
  })

  it('refuses very long input', () => {
    expect(toE164(`070 123 4567${' '.repeat(40)}1`)).toBeNull()
  })
})

describe('isPlausiblePhone (browser)', () => {
  it.each(VALID)('%s looks like a phone number', (input) => {
    expect(isPlausiblePhone(input)).toBe(true)
  })

  it.each(INVALID)('%j does not', (input) => {
    expect(isPlausiblePhone(input)).toBe(false)
  })
})
