import { describe, expect, it } from 'vitest'
import { isSolarHijriLeapYear, solarHijriMonthLength, toGregorian, toSolarHijri } from './solar-hijri'

/** Gregorian date → Solar Hijri [year, month, day]; published calendar pairs (Nowruz, month ends, leap days). */
const KNOWN_PAIRS: Array<[string, [number, number, number]]> = [
  ['2025-03-21', [1404, 1, 1]], // Nowruz 1404: 1 Hamal
  ['2025-03-20', [1403, 12, 30]], // 1403 is a leap year: 30 Hoot
  ['2024-03-20', [1403, 1, 1]],
  ['2024-03-19', [1402, 12, 29]], // 1402 is common: Hoot ends on the 29th
  ['2021-03-20', [1399, 12, 30]], // 1399 is a leap year
  ['2021-03-21', [1400, 1, 1]],
  ['2017-03-20', [1395, 12, 30]], // 1395 is a leap year
  ['2017-03-21', [1396, 1, 1]],
  ['2025-09-22', [1404, 6, 31]], // last day of Sonbola (31 days)
  ['2025-09-23', [1404, 7, 1]], // 1 Mizan
  ['2025-10-22', [1404, 7, 30]], // last day of Mizan (30 days)
  ['2025-10-23', [1404, 8, 1]],
  ['2026-02-19', [1404, 11, 30]], // last day of Dalw
  ['2026-02-20', [1404, 12, 1]],
  ['2026-03-20', [1404, 12, 29]], // 1404 is common
  ['2026-03-21', [1405, 1, 1]],
  ['2029-03-19', [1407, 12, 29]],
  ['2029-03-20', [1408, 1, 1]],
  ['2030-03-20', [1408, 12, 30]], // 1408 is a leap year
  ['2024-12-31', [1403, 10, 11]],
  ['2000-01-01', [1378, 10, 11]],
  ['1996-03-20', [1375, 1, 1]],
  ['1979-02-11', [1357, 11, 22]],
  ['2001-09-09', [1380, 6, 18]],
]

describe('Solar Hijri conversion', () => {
  it.each(KNOWN_PAIRS)('%s is %j', (gregorian, [y, m, d]) => {
    const [gy, gm, gd] = gregorian.split('-').map(Number) as [number, number, number]
    expect(toSolarHijri(gy, gm, gd)).toEqual({ year: y, month: m, day: d })
    expect(toGregorian(y, m, d)).toEqual({ year: gy, month: gm, day: gd })
  })

  it('knows the leap years of the 33-year cycle', () => {
    const leap = [1370, 1375, 1379, 1383, 1387, 1391, 1395, 1399, 1403, 1408, 1412]
    for (let year = 1370; year <= 1412; year += 1) {
      expect(isSolarHijriLeapYear(year), String(year)).toBe(leap.includes(year))
      expect(solarHijriMonthLength(year, 12)).toBe(leap.includes(year) ? 30 : 29)
    }
    expect(solarHijriMonthLength(1404, 1)).toBe(31)
    expect(solarHijriMonthLength(1404, 6)).toBe(31)
    expect(solarHijriMonthLength(1404, 7)).toBe(30)
    expect(solarHijriMonthLength(1404, 11)).toBe(30)
  })

  it('agrees with the ICU Persian calendar every day from 1950 to 2060 and round-trips', () => {
    const icu = new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    })
    let mismatches = 0
    for (let t = Date.UTC(1950, 0, 1); t <= Date.UTC(2060, 11, 31); t += 86_400_000) {
      const date = new Date(t)
      const [gy, gm, gd] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]
      const solar = toSolarHijri(gy, gm, gd)
      const parts = icu.formatToParts(date)
      const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
      if (solar.year !== part('relatedYear') && solar.year !== part('year')) mismatches += 1
      else if (solar.month !== part('month') || solar.day !== part('day')) mismatches += 1
      const back = toGregorian(solar.year, solar.month, solar.day)
      if (back.year !== gy || back.month !== gm || back.day !== gd) mismatches += 1
    }
    expect(mismatches).toBe(0)
  })

  it('rejects dates that do not exist', () => {
    expect(() => toGregorian(1404, 12, 30)).toThrow(RangeError) // 1404 is common
    expect(() => toGregorian(1404, 13, 1)).toThrow(RangeError)
    expect(() => toSolarHijri(2025, 2, 29)).toThrow(RangeError)
    expect(toGregorian(1403, 12, 30)).toEqual({ year: 2025, month: 3, day: 20 })
  })
})
