import { describe, expect, it } from 'vitest'
import { addDays, dateRangeParams, kabulDayBounds, kabulDayStart, kabulToday, parseDateRange, weekStart } from './date-range'

const params = (query: string) => new URLSearchParams(query)

describe('parseDateRange', () => {
  it('reads from, to and the date field; empty fields are no bound', () => {
    expect(parseDateRange('appointments', params('from=2030-03-01&to=2030-03-31&dateField=confirmed'))).toEqual({
      ok: true,
      range: { field: 'confirmed', from: '2030-03-01', to: '2030-03-31' },
    })
    expect(parseDateRange('appointments', params('from=&to='))).toEqual({ ok: true, range: { field: 'received', from: null, to: null } })
    expect(parseDateRange('appointments', params('to=2030-03-31'))).toEqual({
      ok: true,
      range: { field: 'received', from: null, to: '2030-03-31' },
    })
  })

  it('accepts Eastern Arabic-Indic digits and a single day', () => {
    expect(parseDateRange('appointments', params('from=۲۰۳۰-۰۳-۱۰&to=2030-03-10'))).toEqual({
      ok: true,
      range: { field: 'received', from: '2030-03-10', to: '2030-03-10' },
    })
  })

  it('registrations have only the received date; an unknown field is received', () => {
    expect(parseDateRange('registrations', params('from=2030-03-01&dateField=confirmed'))).toMatchObject({
      ok: true,
      range: { field: 'received' },
    })
    expect(parseDateRange('appointments', params('from=2030-03-01&dateField=drop%20table'))).toMatchObject({
      ok: true,
      range: { field: 'received' },
    })
  })

  it('answers a bad date or a reversed range with an error and the typed values', () => {
    expect(parseDateRange('appointments', params('from=2030-02-30&to=2030-03-01'))).toEqual({
      ok: false,
      error: 'invalidFrom',
      field: 'from',
      values: { from: '2030-02-30', to: '2030-03-01', field: 'received' },
    })
    expect(parseDateRange('appointments', params('from=2030-03-01&to=yesterday'))).toMatchObject({
      ok: false,
      error: 'invalidTo',
      field: 'to',
    })
    expect(parseDateRange('appointments', params('to=20255-01-01'))).toMatchObject({ ok: false, error: 'invalidTo' })
    expect(parseDateRange('appointments', params('from=1999-12-31'))).toMatchObject({ ok: false, error: 'invalidFrom' })
    expect(parseDateRange('appointments', params('from=2030-03-02&to=2030-03-01&dateField=preferred'))).toEqual({
      ok: false,
      error: 'fromAfterTo',
      field: 'to',
      values: { from: '2030-03-02', to: '2030-03-01', field: 'preferred' },
    })
  })

  it('keeps a range in links: the field only when it is not the received date', () => {
    expect(dateRangeParams({ field: 'received', from: '2030-03-01', to: null })).toEqual({ from: '2030-03-01' })
    expect(dateRangeParams({ field: 'preferred', from: null, to: '2030-03-02' })).toEqual({ to: '2030-03-02', dateField: 'preferred' })
    expect(dateRangeParams({ field: 'preferred', from: null, to: null })).toEqual({})
  })
})

describe('Kabul days', () => {
  it('a Kabul day runs from 19:30 UTC the day before to 19:30 UTC', () => {
    expect(kabulDayStart('2030-03-10').toISOString()).toBe('2030-03-09T19:30:00.000Z')
    const { start, end } = kabulDayBounds('2030-03-10', '2030-03-10')
    expect(start.toISOString()).toBe('2030-03-09T19:30:00.000Z')
    expect(end.toISOString()).toBe('2030-03-10T19:30:00.000Z')
    // Across a month and a year end.
    expect(kabulDayBounds('2030-12-31', '2031-01-01').end.toISOString()).toBe('2031-01-01T19:30:00.000Z')
  })

  it('today in Kabul turns at 19:30 UTC', () => {
    expect(kabulToday(new Date('2030-03-09T19:29:59Z'))).toBe('2030-03-09')
    expect(kabulToday(new Date('2030-03-09T19:30:00Z'))).toBe('2030-03-10')
  })

  it('adds days across months and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2030-03-01', -1)).toBe('2030-02-28')
    expect(addDays('2030-12-31', 7)).toBe('2031-01-07')
  })

  it('the Afghan week starts on Saturday', () => {
    // 9 March 2030 is a Saturday.
    expect(weekStart('2030-03-09')).toBe('2030-03-09')
    expect(weekStart('2030-03-10')).toBe('2030-03-09')
    expect(weekStart('2030-03-15')).toBe('2030-03-09') // Friday
    expect(weekStart('2030-03-16')).toBe('2030-03-16')
    expect(weekStart('2030-01-01')).toBe('2029-12-29')
  })
})
