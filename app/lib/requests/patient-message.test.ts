import { describe, expect, it } from 'vitest'
import { messagesFor } from '~/locales'
import type { Locale } from '../i18n/locale'
import { patientMessageText } from './patient-message'

const confirmedFor = new Date('2026-12-01T04:30:00Z')

function text(locale: Locale, confirmed: boolean) {
  const messages = messagesFor(locale)
  return patientMessageText(messages.admin.desk.patientMessage, {
    locale,
    name: 'Ahmad',
    clinic: messages.common.brand.clinicName,
    confirmedFor: confirmed ? confirmedFor : null,
    preferredDate: '2026-11-30',
    address: 'Kart-e-Char, Kabul',
    phone: '+93 70 000 0000',
  })
}

describe("the WhatsApp message to the patient, in the patient's language", () => {
  it('in English names the clinic, the confirmed date and the time in Kabul, the address and phone', () => {
    expect(text('en', true)).toBe(
      [
        'Hello Ahmad, your appointment at Kabul Dental & Implant Centre is confirmed for 1 December 2026 at 09:00 (Kabul time).',
        'Address: Kart-e-Char, Kabul',
        'Phone: +93 70 000 0000',
      ].join('\n'),
    )
  })

  it('in Dari gives the Solar Hijri date with the Gregorian in brackets, in Eastern digits', () => {
    const message = text('fa', true)
    expect(message).toContain('۱۰ قوس ۱۴۰۵ (۱ دسمبر ۲۰۲۶)')
    expect(message).toContain('ساعت ۰۹:۰۰')
    expect(message).toContain('تأیید شد')
    expect(message).toContain(messagesFor('fa').common.brand.clinicName)
    expect(message.split('\n')[1]).toBe('آدرس: Kart-e-Char, Kabul')
  })

  it('in Pashto gives the Solar Hijri date with Pashto month names', () => {
    const message = text('ps', true)
    expect(message).toContain('۱۰ لیندۍ ۱۴۰۵ (۱ ډسمبر ۲۰۲۶)')
    expect(message).toContain('۰۹:۰۰')
    expect(message).toContain('تایید شو')
  })

  it('says "confirmed" only once a time is confirmed; before that it is about the request', () => {
    expect(text('en', false).split('\n')[0]).toBe(
      'Hello Ahmad, this is Kabul Dental & Implant Centre about your appointment request for 30 November 2026.',
    )
    expect(text('en', false)).not.toMatch(/confirmed/i)
    expect(text('fa', false)).not.toContain('تأیید')
    expect(text('fa', false)).toContain('۹ قوس ۱۴۰۵ (۳۰ نومبر ۲۰۲۶)')
  })
})
