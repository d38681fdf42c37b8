import { describe, expect, it } from 'vitest'
import { kabulInstant, kabulParts, readVisitTime, visitTimeRange } from './visit-time'

// Tuesday 1 December 2026, 10:00 in Kabul.
const NOW = new Date('2026-12-01T05:30:00Z')

describe('a visit in Kabul time', () => {
  it('is stored as the instant: 09:00 in Kabul is 04:30 UTC, and reads back as it was entered', () => {
    expect(kabulInstant('2026-12-01', '09:00').toISOString()).toBe('2026-12-01T04:30:00.000Z')
    // Early in the morning in Kabul is still the day before in UTC.
    expect(kabulInstant('2026-12-02', '02:00').toISOString()).toBe('2026-12-01T21:30:00.000Z')
    expect(kabulParts(new Date('2026-12-01T21:30:00Z'))).toEqual({ date: '2026-12-02', time: '02:00' })
    expect(kabulParts(kabulInstant('2027-03-21', '16:55'))).toEqual({ date: '2027-03-21', time: '16:55' })
  })

  it('accepts a real open day from today to a year ahead, within the hours, in 5-minute steps', () => {
    expect(visitTimeRange()).toEqual({ first: '08:00', last: '16:55' })
    const ok = readVisitTime('2026-12-01', '09:00', NOW)
    expect(ok).toEqual({ ok: true, value: new Date('2026-12-01T04:30:00Z') })
    // Eastern digits, a one-digit hour and the seconds some browsers add are read too.
    expect(readVisitTime('۲۰۲۶-۱۲-۰۲', '8:05', NOW)).toEqual({ ok: true, value: new Date('2026-12-02T03:35:00Z') })
    expect(readVisitTime('2026-12-02', '16:55:00', NOW).ok).toBe(true)
  })

  it.each([
    ['', '09:00', { visitDate: 'dateRequired' }],
    ['2026-02-30', '09:00', { visitDate: 'dateInvalid' }],
    ['01/12/2026', '09:00', { visitDate: 'dateInvalid' }],
    ['2026-11-30', '09:00', { visitDate: 'datePast' }],
    ['2027-12-02', '09:00', { visitDate: 'dateTooFar' }],
    // 4 December 2026 is a Friday.
    ['2026-12-04', '09:00', { visitDate: 'closedDay' }],
    ['2026-12-02', '', { visitTime: 'timeRequired' }],
    ['2026-12-02', '25:00', { visitTime: 'timeInvalid' }],
    ['2026-12-02', 'nine', { visitTime: 'timeInvalid' }],
    ['2026-12-02', '09:03', { visitTime: 'timeStep' }],
    ['2026-12-02', '07:55', { visitTime: 'timeOutsideHours' }],
    ['2026-12-02', '17:00', { visitTime: 'timeOutsideHours' }],
    ['', '', { visitDate: 'dateRequired', visitTime: 'timeRequired' }],
  ])('refuses %j %j', (date, time, errors) => {
    expect(readVisitTime(date, time, NOW)).toEqual({ ok: false, errors })
  })

  it('refuses what is not text', () => {
    expect(readVisitTime(undefined, null, NOW)).toEqual({ ok: false, errors: { visitDate: 'dateRequired', visitTime: 'timeRequired' } })
  })
})
