import { describe, expect, it } from 'vitest'
import { agendaPeriod, groupByKabulDay, kabulTime } from './agenda'

const NOW = new Date('2030-03-12T08:00:00Z') // Tuesday 12 March 2030, 12:30 in Kabul

describe('agendaPeriod', () => {
  it('a day view covers one Kabul day, with the days around it', () => {
    const period = agendaPeriod(new URLSearchParams('day=2030-03-10'), NOW)
    expect(period).toMatchObject({
      view: 'day',
      day: '2030-03-10',
      days: ['2030-03-10'],
      previous: '2030-03-09',
      next: '2030-03-11',
      today: '2030-03-12',
    })
    expect(period.start.toISOString()).toBe('2030-03-09T19:30:00.000Z')
    expect(period.end.toISOString()).toBe('2030-03-10T19:30:00.000Z')
  })

  it('a week view runs Saturday to Friday and moves by seven days', () => {
    const period = agendaPeriod(new URLSearchParams('view=week&day=2030-03-14'), NOW)
    expect(period.days).toEqual(['2030-03-09', '2030-03-10', '2030-03-11', '2030-03-12', '2030-03-13', '2030-03-14', '2030-03-15'])
    expect(period.start.toISOString()).toBe('2030-03-08T19:30:00.000Z')
    expect(period.end.toISOString()).toBe('2030-03-15T19:30:00.000Z')
    expect(period.previous).toBe('2030-03-07')
    expect(period.next).toBe('2030-03-21')
  })

  it('without a day, or with a bad one, shows today in Kabul', () => {
    expect(agendaPeriod(new URLSearchParams(''), new Date('2030-03-09T19:30:00Z')).day).toBe('2030-03-10')
    const bad = agendaPeriod(new URLSearchParams('day=2030-02-31&view=month'), NOW)
    expect(bad).toMatchObject({ view: 'day', day: '2030-03-12', invalidDay: true })
  })
})

describe('groupByKabulDay', () => {
  it('puts a visit in the Kabul day it falls on, midnight included', () => {
    const days = ['2030-03-09', '2030-03-10']
    const visits = [
      { id: 1, confirmedFor: new Date('2030-03-08T19:30:00Z') }, // 9 March 00:00 Kabul
      { id: 2, confirmedFor: new Date('2030-03-09T19:29:00Z') }, // 9 March 23:59 Kabul
      { id: 3, confirmedFor: new Date('2030-03-09T19:30:00Z') }, // 10 March 00:00 Kabul
      { id: 4, confirmedFor: new Date('2030-03-11T04:30:00Z') }, // outside the days
    ]
    expect(groupByKabulDay(days, visits).map((group) => [group.day, group.visits.map((v) => v.id)])).toEqual([
      ['2030-03-09', [1, 2]],
      ['2030-03-10', [3]],
    ])
  })

  it('shows the time in Kabul', () => {
    expect(kabulTime(new Date('2030-03-10T04:30:00Z'))).toBe('09:00')
    expect(kabulTime(new Date('2030-03-09T19:30:00Z'))).toBe('00:00')
  })
})
