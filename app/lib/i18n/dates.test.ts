import { describe, expect, it } from 'vitest'
import {
  DARI_SOLAR_MONTHS,
  DARI_WEEKDAYS,
  PASHTO_SOLAR_MONTHS,
  PASHTO_WEEKDAYS,
  calendarYear,
  formatDate,
  formatGregorianDate,
  formatNumber,
  formatYear,
  isoDateIn,
  parseIsoDate,
  toEasternDigits,
  toLatinDigits,
} from './dates'

describe('month and weekday tables', () => {
  it('has the twelve Afghan months in Dari and Pashto, Hamal/Wray first', () => {
    expect(DARI_SOLAR_MONTHS).toEqual(['حمل', 'ثور', 'جوزا', 'سرطان', 'اسد', 'سنبله', 'میزان', 'عقرب', 'قوس', 'جدی', 'دلو', 'حوت'])
    expect(PASHTO_SOLAR_MONTHS).toEqual(['وری', 'غویی', 'غبرګولی', 'چنګاښ', 'زمری', 'وږی', 'تله', 'لړم', 'لیندۍ', 'مرغومی', 'سلواغه', 'کب'])
  })

  it('has seven weekdays, Sunday first, Friday is جمعه', () => {
    expect(DARI_WEEKDAYS).toHaveLength(7)
    expect(PASHTO_WEEKDAYS).toHaveLength(7)
    expect(DARI_WEEKDAYS[5]).toBe('جمعه')
    expect(DARI_WEEKDAYS[6]).toBe('شنبه')
    // 21 March 2025 was a Friday.
    expect(formatDate('2025-03-21', 'fa', { withWeekday: true, withGregorian: false })).toBe('جمعه، ۱ حمل ۱۴۰۴')
    expect(formatDate('2025-03-21', 'en', { withWeekday: true })).toBe('Friday, 21 March 2025')
  })
})

describe('digits', () => {
  it('converts Latin digits to Eastern Arabic-Indic digits', () => {
    expect(toEasternDigits('0123456789')).toBe('۰۱۲۳۴۵۶۷۸۹')
    expect(toEasternDigits(1404)).toBe('۱۴۰۴')
    expect(toEasternDigits('+93 70 123')).toBe('+۹۳ ۷۰ ۱۲۳')
  })

  it('converts Persian and Arabic-Indic digits back to Latin', () => {
    expect(toLatinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789')
    expect(toLatinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789')
    expect(toLatinDigits('۰۷۰۱۲۳۴۵۶۷')).toBe('0701234567')
    expect(toLatinDigits('٠٧٠۱۲3')).toBe('070123')
    expect(toLatinDigits('abc')).toBe('abc')
  })

  it('round-trips', () => {
    expect(toLatinDigits(toEasternDigits('2025-03-21'))).toBe('2025-03-21')
  })
})

describe('formatNumber', () => {
  it('groups thousands in each language', () => {
    expect(formatNumber(25000, 'en')).toBe('25,000')
    expect(formatNumber(25000, 'fa')).toBe('۲۵٬۰۰۰')
    expect(formatNumber(25000, 'ps')).toBe('۲۵٬۰۰۰')
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5')
    expect(formatNumber(1234567.5, 'fa')).toBe('۱٬۲۳۴٬۵۶۷٫۵')
    expect(formatNumber(999, 'fa')).toBe('۹۹۹')
    expect(formatNumber(0, 'ps')).toBe('۰')
    expect(formatNumber(-5000, 'en')).toBe('-5,000')
  })
})

describe('formatDate', () => {
  it('shows the Solar Hijri date with Afghan month names and the Gregorian beside it', () => {
    expect(formatDate('2025-03-21', 'fa')).toBe('۱ حمل ۱۴۰۴ (۲۱ مارچ ۲۰۲۵)')
    expect(formatDate('2025-03-21', 'ps')).toBe('۱ وری ۱۴۰۴ (۲۱ مارچ ۲۰۲۵)')
    expect(formatDate('2025-03-20', 'fa', { withGregorian: false })).toBe('۳۰ حوت ۱۴۰۳')
    expect(formatDate('2025-12-25', 'ps')).toBe('۴ مرغومی ۱۴۰۴ (۲۵ ډسمبر ۲۰۲۵)')
    expect(formatDate('2025-03-21', 'en')).toBe('21 March 2025')
  })

  it('shows a moment in Kabul time (UTC+4:30) by default', () => {
    // 20:00 UTC on 20 March is 00:30 on 21 March in Kabul.
    const moment = new Date('2025-03-20T20:00:00Z')
    expect(formatDate(moment, 'en', { withTime: true })).toBe('21 March 2025, 00:30')
    expect(formatDate(moment, 'fa', { withTime: true })).toBe('۱ حمل ۱۴۰۴ (۲۱ مارچ ۲۰۲۵)، ۰۰:۳۰')
    expect(formatDate(moment, 'en', { withTime: true, timeZone: 'UTC' })).toBe('20 March 2025, 20:00')
    expect(formatDate(moment, 'en', { timeZone: 'America/New_York' })).toBe('20 March 2025')
    expect(isoDateIn(moment)).toBe('2025-03-21')
  })

  it('leaves unreadable input as it came', () => {
    expect(formatDate('not a date', 'fa')).toBe('not a date')
    expect(formatDate('2025-02-30', 'fa')).toBe('2025-02-30')
    expect(parseIsoDate('۲۰۲۵-۰۳-۲۱')).toEqual({ year: 2025, month: 3, day: 21 })
  })
})

describe('formatGregorianDate', () => {
  it('writes the Gregorian date alone, with the month names and digits of the language', () => {
    expect(formatGregorianDate('2026-12-03', 'en')).toBe('3 December 2026')
    expect(formatGregorianDate('2026-12-03', 'fa')).toBe('۳ دسمبر ۲۰۲۶')
    expect(formatGregorianDate('2026-12-03', 'ps')).toBe('۳ ډسمبر ۲۰۲۶')
    expect(formatGregorianDate('2026-02-30', 'fa')).toBe('2026-02-30')
  })
})

describe('formatYear', () => {
  it('gives the Solar Hijri year in Dari and Pashto', () => {
    expect(formatYear('2025-03-20', 'fa')).toBe('۱۴۰۳')
    expect(formatYear('2025-03-21', 'ps')).toBe('۱۴۰۴')
    expect(formatYear('2025-03-21', 'fa', { withGregorian: true })).toBe('۱۴۰۴ (۲۰۲۵)')
    expect(formatYear('2025-03-21', 'en')).toBe('2025')
    expect(calendarYear(new Date('2026-03-20T20:00:00Z'), 'fa')).toBe(1405)
  })
})
