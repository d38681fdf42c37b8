import { describe, expect, it } from 'vitest'
import {
  bookableSolarYears,
  INCOMPLETE_SOLAR_DATE,
  isoDateToSolarParts,
  solarDateFaults,
  solarPartsToIsoDate,
  withSolarDate,
} from './solar-date'
import { readDateField, sentSolarParts, solarValuesOf, staffSolarYears } from './staff-date-fields'

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
    expect(solarPartsToIsoDate({ day: '0', month: '1', year: '1405' })).toBe('invalid')
    expect(solarPartsToIsoDate({ day: '1', month: '1', year: '99' })).toBe('invalid')
    expect(solarPartsToIsoDate({ day: '١٢', month: '٩', year: '١٤٠٥' })).toBe('2026-12-03') // Arabic-Indic digits too
  })

  it('leave the date empty when no day and no month were given (the year list always has a year), so the required rule speaks', () => {
    expect(solarPartsToIsoDate({ day: '', month: '', year: '' })).toBe('')
    expect(solarPartsToIsoDate({ day: ' ', month: '', year: '1405' })).toBe('')
  })

  it('call a date with a part left out incomplete', () => {
    expect(solarPartsToIsoDate({ day: '1', month: '', year: '1405' })).toBe('incomplete')
    expect(solarPartsToIsoDate({ day: '', month: '9', year: '1405' })).toBe('incomplete')
    expect(solarPartsToIsoDate({ day: '12', month: '9', year: '' })).toBe('incomplete')
  })

  it('fill the fields again from a stored date', () => {
    expect(isoDateToSolarParts('2026-12-03')).toEqual({ day: '12', month: '9', year: '1405' })
    expect(isoDateToSolarParts('')).toEqual({ day: '', month: '', year: '' })
  })

  it('make the form date only where the form has the three fields', () => {
    expect(withSolarDate({ name: 'A', dateDay: '۱۲', dateMonth: '9', dateYear: '۱۴۰۵' })).toMatchObject({ date: '2026-12-03' })
    expect(withSolarDate({ name: 'A', date: '2026-12-03' })).toEqual({ name: 'A', date: '2026-12-03' })
    // The English form, read with the appointment's field list: the three parts are there but empty.
    const english = { name: 'A', date: '2026-12-03', dateDay: '', dateMonth: '', dateYear: '' }
    expect(withSolarDate(english)).toBe(english)
    // A Dari form left empty still sends its year: the date is missing.
    expect(withSolarDate({ date: '', dateDay: '', dateMonth: '', dateYear: '1405' })).toMatchObject({ date: '' })
    // The Solar Hijri parts win over a date sent beside them.
    expect(withSolarDate({ date: '2026-01-01', dateDay: '12', dateMonth: '9', dateYear: '1405' })).toMatchObject({ date: '2026-12-03' })
  })

  it('mark the parts at fault: the missing ones, the unreadable ones, or all of a day out of range', () => {
    const parts = (day: string, month: string, year = '1405') => ({ day, month, year })
    expect(solarDateFaults(parts('12', '9'), undefined)).toEqual([])
    expect(solarDateFaults(parts('', ''), 'dateRequired')).toEqual(['day', 'month'])
    expect(solarDateFaults(parts('۱۲', ''), 'dateIncomplete')).toEqual(['month'])
    expect(solarDateFaults(parts('۴۵', '9'), 'dateInvalid')).toEqual(['day'])
    expect(solarDateFaults(parts('x', '13'), 'dateInvalid')).toEqual(['day', 'month'])
    // 31 Mizan: every part is a number in its range, but Mizan has 30 days.
    expect(solarDateFaults(parts('31', '7'), 'dateInvalid')).toEqual(['day'])
    expect(solarDateFaults(parts('1', '1'), 'datePast')).toEqual(['day', 'month', 'year'])
    expect(solarDateFaults(parts('1', '1', '1407'), 'dateTooFar')).toEqual(['day', 'month', 'year'])
  })

  it('offer the years from today to a year ahead', () => {
    expect(bookableSolarYears('2026-11-24', '2027-11-24')).toEqual([1405, 1406])
    expect(bookableSolarYears('2026-03-21', '2027-03-21')).toEqual([1405, 1406])
  })
})

describe("the staff panel's date fields", () => {
  it('reads the Solar Hijri parts of a field into its ISO Gregorian date', () => {
    const sent = new URLSearchParams({ fromDay: '۱', fromMonth: '1', fromYear: '1405', to: '2026-04-01' })
    expect(readDateField(sent, 'from')).toBe('2026-03-21')
    // English staff send the browser's ISO date under the field's own name.
    expect(readDateField(sent, 'to')).toBe('2026-04-01')
    expect(readDateField(new URLSearchParams(), 'to')).toBe('')
  })

  it('gives no date for a year alone, and a refused value for an impossible or incomplete day', () => {
    expect(readDateField(new URLSearchParams({ dayYear: '1405' }), 'day')).toBe('')
    expect(readDateField(new URLSearchParams({ dayDay: '31', dayMonth: '12', dayYear: '1405' }), 'day')).toBe('invalid')
    expect(readDateField(new URLSearchParams({ dayDay: '3', dayYear: '1405' }), 'day')).toBe(INCOMPLETE_SOLAR_DATE)
  })

  it('reads a posted form the same way (the visit date when confirming)', () => {
    const form = new FormData()
    form.set('visitDateDay', '۲۹')
    form.set('visitDateMonth', '12')
    form.set('visitDateYear', '1404')
    expect(readDateField(form, 'visitDate')).toBe('2026-03-20')
    expect(sentSolarParts(form, 'visitDate')).toEqual({ visitDateDay: '۲۹', visitDateMonth: '12', visitDateYear: '1404' })
  })

  it('shows a stored date in its parts, and offers the years around it', () => {
    expect(solarValuesOf('day', '2026-03-21')).toEqual({ dayDay: '1', dayMonth: '1', dayYear: '1405' })
    expect(solarValuesOf('day', '')).toEqual({ dayDay: '', dayMonth: '', dayYear: '' })
    const years = staffSolarYears('2026-11-27')
    expect(years[0]).toBe(1400)
    expect(years.at(-1)).toBe(1406)
    expect(staffSolarYears('2026-11-27', '2030-03-31').at(-1)).toBe(1410)
  })
})
