/**
 * An event as an iCalendar file (RFC 5545) that phones and calendar programs import: one VEVENT in
 * Kabul time (Asia/Kabul, +04:30 all year since 1945), its texts escaped and its lines folded.
 */

const KABUL_OFFSET_MINUTES = 270

export interface CalendarEvent {
  /** Unique and stable across downloads: the same event updates instead of doubling. */
  uid: string
  start: Date
  end: Date | null
  title: string
  description: string
  place: string
  url: string
  /** When the event's post last changed (DTSTAMP and LAST-MODIFIED). */
  updated: Date
}

/** TEXT per RFC 5545 §3.3.11: backslash, semicolon and comma escaped, line breaks as `\n`. */
export function escapeIcsText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      .replace(/[\\;,]/g, (c) => `\\${c}`)
      .replace(/\n/g, '\\n')
      // Control characters are not allowed in TEXT; the line breaks are escaped above.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  )
}

/** Lines longer than 75 octets folded with CRLF and a space, never inside a UTF-8 character (§3.1). */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder()
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = encoder.encode(char).length
    // The first line holds 75 octets; the following ones 74 after their leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current)
      current = ''
      octets = 0
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

const pad = (n: number) => String(n).padStart(2, '0')

function stamp(date: Date, utc: boolean): string {
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}${utc ? 'Z' : ''}`
}

/** A local Kabul date-time: '20260310T090000'. */
function kabulStamp(date: Date): string {
  return stamp(new Date(date.getTime() + KABUL_OFFSET_MINUTES * 60_000), false)
}

export function eventIcs(event: CalendarEvent, productName: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeIcsText(productName)}//Events//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    'TZID:Asia/Kabul',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0430',
    'TZOFFSETTO:+0430',
    'TZNAME:+0430',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${stamp(event.updated, true)}`,
    `LAST-MODIFIED:${stamp(event.updated, true)}`,
    `DTSTART;TZID=Asia/Kabul:${kabulStamp(event.start)}`,
    ...(event.end ? [`DTEND;TZID=Asia/Kabul:${kabulStamp(event.end)}`] : []),
    `SUMMARY:${escapeIcsText(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${escapeIcsText(event.description)}`] : []),
    ...(event.place ? [`LOCATION:${escapeIcsText(event.place)}`] : []),
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return lines.map(foldIcsLine).join('\r\n') + '\r\n'
}
