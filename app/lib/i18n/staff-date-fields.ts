/**
 * The staff panel's date fields in Dari and Pashto: the same three Solar Hijri parts as the public
 * form (solar-date.ts), read from a form or a query string into the ISO Gregorian date that is stored
 * and exported. Staff screens only, so public pages never load it (vite.config.ts).
 */
import { SOLAR_DATE_PARTS, isoDateToSolarParts, solarFieldNames, solarPartsOf, solarPartsToIsoDate } from './solar-date'

/** The values of the date field `name` showing an ISO date in its three parts ('' parts for no date). */
export function solarValuesOf(name: string, isoDate: string): Record<string, string> {
  const names = solarFieldNames(name)
  const parts = isoDateToSolarParts(isoDate)
  return { [names.day]: parts.day, [names.month]: parts.month, [names.year]: parts.year }
}

/** A sent form or query string: FormData and URLSearchParams alike. */
interface Sent {
  get(name: string): unknown
}

/** The Solar Hijri parts of the date field `name` as sent, under their own names (to fill the field in again). */
export function sentSolarParts(sent: Sent, name: string): Record<string, string> {
  return Object.fromEntries(
    Object.values(solarFieldNames(name)).map((field) => {
      const value = sent.get(field)
      return [field, typeof value === 'string' ? value.slice(0, 10) : '']
    }),
  )
}

/**
 * The date a form or a query string sends for the field `name`, as an ISO Gregorian date: made from
 * its Solar Hijri parts when any has a value (the Dari and Pashto staff panel), otherwise the value
 * sent under `name` itself (English: the browser's date input). '' when no date was given; a
 * non-date text ('incomplete', 'invalid') that the field's date rule refuses.
 */
export function readDateField(sent: Sent, name: string): string {
  const parts = solarPartsOf(sentSolarParts(sent, name), name)
  if (SOLAR_DATE_PARTS.every((part) => !parts[part].trim())) {
    const value = sent.get(name)
    return typeof value === 'string' ? value : ''
  }
  return solarPartsToIsoDate(parts)
}

/**
 * The Solar Hijri years a staff date field offers: from 1400 (2021, before the first request) to
 * the year after this one, and around the date shown (its year and the next, for a range's end).
 */
export function staffSolarYears(todayIso: string, shownIso = ''): number[] {
  const next = Number(isoDateToSolarParts(todayIso).year) + 1
  const shown = Number(isoDateToSolarParts(shownIso).year)
  const first = shown ? Math.min(1400, shown) : 1400
  const last = shown ? Math.max(next, shown + 1) : next
  return Array.from({ length: last - first + 1 }, (_, i) => first + i)
}
