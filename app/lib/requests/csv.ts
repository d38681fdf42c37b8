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
