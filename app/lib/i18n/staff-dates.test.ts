import { describe, expect, it } from 'vitest'
import { formatStaffDate, kabulDateTime } from './staff-dates'

// 20:00 UTC on 21 March 2025 is 00:30 on 22 March in Kabul (UTC+4:30): 2 Hamal 1404.
const LATE_EVENING_UTC = new Date('2025-03-21T20:00:00Z')

describe('formatStaffDate', () => {
  it('shows every time in Kabul time, across a UTC midnight, in every language', () => {
    expect(formatStaffDate(LATE_EVENING_UTC, 'en', { withTime: true })).toBe('22 March 2025, 00:30')
    expect(formatStaffDate(LATE_EVENING_UTC, 'fa', { withTime: true })).toBe('۲ حمل ۱۴۰۴، ۰۰:۳۰')
    expect(formatStaffDate(LATE_EVENING_UTC, 'ps', { withTime: true })).toBe('۲ وری ۱۴۰۴، ۰۰:۳۰')
  })

  it('gives lists the Solar Hijri date alone and detail pages the Gregorian date beside it', () => {
    expect(formatStaffDate(LATE_EVENING_UTC, 'fa')).toBe('۲ حمل ۱۴۰۴')
    expect(formatStaffDate(LATE_EVENING_UTC, 'fa', { withGregorian: true, withTime: true })).toBe('۲ حمل ۱۴۰۴ (۲۲ مارچ ۲۰۲۵)، ۰۰:۳۰')
    expect(formatStaffDate(LATE_EVENING_UTC, 'en', { withGregorian: true })).toBe('22 March 2025')
  })

  it('reads timestamps sent as text, keeps calendar dates as they are, and leaves unreadable text alone', () => {
    expect(formatStaffDate('2025-03-21T20:00:00.000Z', 'ps', { withTime: true })).toBe('۲ وری ۱۴۰۴، ۰۰:۳۰')
    // A preferred date is a day in the calendar, not an instant: no shift to Kabul.
    expect(formatStaffDate('2025-03-21', 'fa')).toBe('۱ حمل ۱۴۰۴')
    expect(formatStaffDate('next week', 'fa')).toBe('next week')
    expect(formatStaffDate(null, 'fa')).toBe('')
    expect(formatStaffDate('', 'en')).toBe('')
  })
})

describe('kabulDateTime', () => {
  it('writes a sortable Kabul time', () => {
    expect(kabulDateTime(LATE_EVENING_UTC)).toBe('2025-03-22 00:30')
    expect(kabulDateTime(new Date('2025-03-21T19:29:00Z'))).toBe('2025-03-21 23:59')
  })
})
