import { describe, expect, it } from 'vitest'
import { bookableSolarYears, isoDateToSolarParts, solarPartsToIsoDate, withSolarDate } from './solar-date'

describe('the Solar Hijri date fields', () => {
  it('read Western and Eastern digits alike', () => {
    expect(solarPartsToIsoDate({ day: '12', month: '9', year: '1405' })).toBe('2026-12-03')
    expect(solarPartsToIsoDate({ day: '۱۲', month: '۹', year: '۱۴۰۵' })).toBe('2026-12-03')
    expect(solarPartsToIsoDate({ day: ' ۱ ', month: '1', year: '1404' })).toBe('2025-03-21')
  })

  it('refuse a day the month does not have, and anything that is not a number', () => {
    expect(solarPartsToIsoDate({ day: '31', month: '7', year: '1405' })).toBe('invalid')
    expect(solarPartsToIsoDate({ day: '30', month: '12', year: '1404' })).toBe('invalid') // 1404 is not a leap year
    expect(solarPartsToIsoDate({ day: '30', month: '12', year: '1403' })).toBe('2025-03-20') // 1403 is
    expect(solarPartsToIsoDate({ day: 'x', month: '1', year: '1405' })).toBe('invalid')
    expect(solarPartsToIsoDate({ day: '1', month: '13', year: '1405' })).toBe('invalid')
    expect(solarPartsToIsoDate({ day: '1', month: '', year: '1405' })).toBe('invalid')
  })

  it('leave the date empty when nothing was given, so the required rule speaks', () => {
    expect(solarPartsToIsoDate({ day: '', month: '', year: '' })).toBe('')
  })

  it('fill the fields again from a stored date', () => {
    expect(isoDateToSolarParts('2026-12-03')).toEqual({ day: '12', month: '9', year: '1405' })
    expect(isoDateToSolarParts('')).toEqual({ day: '', month: '', year: '' })
  })

  it('make the form date only where the form has the three fields', () => {
    expect(withSolarDate({ name: 'A', dateDay: '۱۲', dateMonth: '9', dateYear: '۱۴۰۵' })).toMatchObject({ date: '2026-12-03' })
    expect(withSolarDate({ name: 'A', date: '2026-12-03' })).toEqual({ name: 'A', date: '2026-12-03' })
  })

  it('offer the years from today to a year ahead', () => {
    expect(bookableSolarYears('2026-11-24', '2027-11-24')).toEqual([1405, 1406])
    expect(bookableSolarYears('2026-03-21', '2027-03-21')).toEqual([1405, 1406])
  })
})
