/**
 * The Solar Hijri (Afghan) calendar and the Gregorian one, converted both ways: the jalaali-js
 * algorithm by Borkowski and Shariat, re-implemented as plain integer arithmetic.
 */
/** Years in which the 33-year leap cycle breaks; valid for Solar Hijri years -61 to 3177. */
const BREAKS = [-61, 9, 38, 199, 426, 686, 756, 818, 1111, 1181, 1210, 1635, 2060, 2097, 2192, 2262, 2324, 2394, 2456, 3178] as const

const div = (a: number, b: number) => Math.trunc(a / b)
const mod = (a: number, b: number) => a - Math.trunc(a / b) * b

export interface SolarHijriDate {
  year: number
  /** 1 = Hamal ... 12 = Hoot */
  month: number
  day: number
}

export interface GregorianDate {
  year: number
  /** 1 = January ... 12 = December */
  month: number
  day: number
}

/** Leap information for a Solar Hijri year: the Gregorian year it starts in and its March day. */
function solarHijriCalendar(jy: number): { leap: number; gy: number; march: number } {
  const last = BREAKS[BREAKS.length - 1]!
  if (!Number.isInteger(jy) || jy < BREAKS[0] || jy >= last) {
    throw new RangeError(`Solar Hijri year out of range: ${jy}`)
  }
  const gy = jy + 621
  let leapJ = -14
  let jp: number = BREAKS[0]
  let jump = 0
  for (let i = 1; i < BREAKS.length; i += 1) {
    const jm = BREAKS[i]!
    jump = jm - jp
    if (jy < jm) break
    leapJ += div(jump, 33) * 8 + div(mod(jump, 33), 4)
    jp = jm
  }
  let n = jy - jp
  leapJ += div(n, 33) * 8 + div(mod(n, 33) + 3, 4)
  if (mod(jump, 33) === 4 && jump - n === 4) leapJ += 1
  const leapG = div(gy, 4) - div((div(gy, 100) + 1) * 3, 4) - 150
  const march = 20 + leapJ - leapG
  if (jump - n < 6) n = n - jump + div(jump + 4, 33) * 33
  let leap = mod(mod(n + 1, 33) - 1, 4)
  if (leap === -1) leap = 4
  return { leap, gy, march }
}

/** Julian Day Number of a Gregorian date. */
function gregorianToJdn(gy: number, gm: number, gd: number): number {
  let d = div((gy + div(gm - 8, 6) + 100100) * 1461, 4) + div(153 * mod(gm + 9, 12) + 2, 5) + gd - 34840408
  d = d - div(div(gy + 100100 + div(gm - 8, 6), 100) * 3, 4) + 752
  return d
}

function jdnToGregorian(jdn: number): GregorianDate {
  let j = 4 * jdn + 139361631
  j = j + div(div(4 * jdn + 183187720, 146097) * 3, 4) * 4 - 3908
  const i = div(mod(j, 1461), 4) * 5 + 308
  const day = div(mod(i, 153), 5) + 1
  const month = mod(div(i, 153), 12) + 1
  const year = div(j, 1461) - 100100 + div(8 - month, 6)
  return { year, month, day }
}

function solarHijriToJdn(jy: number, jm: number, jd: number): number {
  const { gy, march } = solarHijriCalendar(jy)
  return gregorianToJdn(gy, 3, march) + (jm - 1) * 31 - div(jm, 7) * (jm - 7) + jd - 1
}

function jdnToSolarHijri(jdn: number): SolarHijriDate {
  const gy = jdnToGregorian(jdn).year
  let year = gy - 621
  const { leap, march } = solarHijriCalendar(year)
  let k = jdn - gregorianToJdn(gy, 3, march)
  if (k >= 0) {
    if (k <= 185) return { year, month: 1 + div(k, 31), day: mod(k, 31) + 1 }
    k -= 186
  } else {
    year -= 1
    k += 179
    if (leap === 1) k += 1
  }
  return { year, month: 7 + div(k, 30), day: mod(k, 30) + 1 }
}

/** The Solar Hijri date of a Gregorian calendar date: (2025, 3, 21) → 1404-01-01 (1 Hamal 1404). */
export function toSolarHijri(year: number, month: number, day: number): SolarHijriDate {
  assertGregorian(year, month, day)
  return jdnToSolarHijri(gregorianToJdn(year, month, day))
}

/** The Gregorian date of a Solar Hijri date: (1404, 1, 1) → 2025-03-21. */
export function toGregorian(year: number, month: number, day: number): GregorianDate {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Month out of range: ${month}`)
  if (!Number.isInteger(day) || day < 1 || day > solarHijriMonthLength(year, month)) {
    throw new RangeError(`Day out of range: ${year}-${month}-${day}`)
  }
  return jdnToGregorian(solarHijriToJdn(year, month, day))
}

/** Whether a Solar Hijri year has 366 days (its last month, Hoot, then has 30 days). */
export function isSolarHijriLeapYear(year: number): boolean {
  return solarHijriCalendar(year).leap === 0
}

/** Days in a Solar Hijri month: 31 for the first six, 30 for the next five, 29 or 30 for Hoot. */
export function solarHijriMonthLength(year: number, month: number): number {
  if (month <= 6) return 31
  if (month <= 11) return 30
  return isSolarHijriLeapYear(year) ? 30 : 29
}

/** Whether year-month-day is a real Gregorian calendar date. */
export function isGregorianDate(year: number, month: number, day: number): boolean {
  if (![year, month, day].every(Number.isInteger) || month < 1 || month > 12 || day < 1) return false
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
  return day <= lengths[month - 1]!
}

function assertGregorian(year: number, month: number, day: number) {
  if (!isGregorianDate(year, month, day)) throw new RangeError(`Invalid date: ${year}-${month}-${day}`)
}

/** The weekday of a Gregorian date, 0 = Sunday (as Date.getUTCDay()). */
export function gregorianWeekday(year: number, month: number, day: number): number {
  // JDN 0 was a Monday; (jdn + 1) % 7 gives 0 = Sunday.
  return mod(gregorianToJdn(year, month, day) + 1, 7)
}
