/**
 * The CSV export of appointment and registration requests: formula-safe cells, UTF-8 with a byte
 * order mark, and what staff read on screen — headers and status names in their language, every
 * time in Kabul time (said in the header), dates in their calendar.
 */
import { isLocale, type Locale } from '~/lib/i18n/locale'
import { isoDateIn } from '~/lib/i18n/dates'
import { formatStaffDate, kabulDateTime } from '~/lib/i18n/staff-dates'
import { messagesFor } from '~/locales'
import type { RequestKind } from './request-status'

/** Byte order mark: tells Excel the file is UTF-8, so Dari and Pashto names open correctly. */
export const CSV_BOM = '\uFEFF'

const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One CSV cell. A value a spreadsheet would run as a formula (starting with =, +, -, @, tab or
 * carriage return) gets a leading apostrophe, so it is shown as text: '+93701234567 reads as the
 * number it is and never runs. Cells with commas, quotes or line breaks are quoted.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  let text = value instanceof Date ? value.toISOString() : String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text
}

/** One CSV line, ended with CRLF as RFC 4180 and Excel expect. */
export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}

/** A column named by a field of the request's screen, and those only the export has. */
type FieldColumn = 'name' | 'phone' | 'email' | 'date' | 'message' | 'address' | 'education' | 'course'
type Column = FieldColumn | 'id' | 'createdAt' | 'locale' | 'status' | 'statusUpdatedAt'

const COLUMNS: Record<RequestKind, readonly Column[]> = {
  appointments: ['id', 'createdAt', 'name', 'phone', 'email', 'date', 'message', 'locale', 'status', 'statusUpdatedAt'],
  registrations: ['id', 'createdAt', 'name', 'phone', 'email', 'address', 'education', 'course', 'locale', 'status', 'statusUpdatedAt'],
}

/** The header line's labels in the staff member's language. */
export function csvHeader(kind: RequestKind, locale: Locale): string[] {
  const admin = messagesFor(locale).admin
  const fields: Record<string, string> = kind === 'appointments' ? admin.patients.fields : admin.students.fields
  const t = admin.csvExport
  const labels: Record<Column, string> = {
    ...(fields as Record<FieldColumn, string>),
    id: t.id,
    createdAt: t.received,
    locale: t.language,
    status: t.status,
    statusUpdatedAt: t.statusChanged,
  }
  return COLUMNS[kind].map((column) => labels[column])
}

/** An instant in Kabul time: '2025-03-21 14:30' in English, the Solar Hijri date and time in Dari and Pashto. */
function csvInstant(value: unknown, locale: Locale): string {
  if (!(value instanceof Date) && typeof value !== 'string') return ''
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  return locale === 'en' ? kabulDateTime(date) : formatStaffDate(date, locale, { withTime: true })
}

/**
 * One request's cells, as staff read them: status and language names in their language, times in
 * Kabul time, the preferred date in their calendar (the Gregorian date beside a Solar Hijri one);
 * `courseName` names a registration's course (from its id and the row, which keeps its names).
 */
export function csvValues(
  kind: RequestKind,
  row: Record<string, unknown>,
  locale: Locale,
  courseName: (id: string, row: Record<string, unknown>) => string,
): unknown[] {
  const admin = messagesFor(locale).admin
  const statuses = admin.statuses as Record<string, string>
  return COLUMNS[kind].map((column) => {
    const value = row[column]
    switch (column) {
      case 'createdAt':
      case 'statusUpdatedAt':
        return csvInstant(value, locale)
      case 'date':
        return typeof value === 'string' && locale !== 'en' ? formatStaffDate(value, locale, { withGregorian: true }) : value
      case 'status':
        return statuses[String(value)] ?? value
      case 'locale':
        return isLocale(value) ? admin.csvExport.languages[value] : value
      case 'course':
        return value === null || value === undefined ? value : courseName(String(value), row)
      default:
        return value
    }
  })
}

/** The download's name, dated by the Kabul calendar day: 'appointments-2025-03-21.csv'. */
export function csvFileName(kind: RequestKind, now: Date = new Date()): string {
  return `${kind}-${isoDateIn(now)}.csv`
}
