import { describe, expect, it } from 'vitest'
import { escapeIcsText, eventIcs, foldIcsLine } from './event-calendar'

const unfold = (ics: string) => ics.replace(/\r\n /g, '')

describe('the event calendar file', () => {
  const ics = eventIcs(
    {
      uid: 'post-12@dental.example.af',
      start: new Date('2026-03-10T04:30:00Z'),
      end: new Date('2026-03-10T08:00:00Z'),
      title: 'Open day; implants, crowns\\bridges',
      description: 'Line one\nLine two',
      place: 'Main hall, Shahr-e Naw',
      url: 'https://dental.example.af/academy/news/12-open-day',
      updated: new Date('2026-03-01T06:00:00Z'),
    },
    'Kabul Dental Academy',
  )

  it('gives the times in Kabul time with the zone it names', () => {
    expect(ics).toContain('\r\nDTSTART;TZID=Asia/Kabul:20260310T090000\r\n')
    expect(ics).toContain('\r\nDTEND;TZID=Asia/Kabul:20260310T123000\r\n')
    expect(ics).toContain('\r\nTZID:Asia/Kabul\r\n')
    expect(ics).toContain('\r\nTZOFFSETTO:+0430\r\n')
    expect(ics).toContain('\r\nDTSTAMP:20260301T060000Z\r\n')
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true)
    // Every line ends in CRLF: no bare line feed.
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n')
  })

  it('escapes texts as RFC 5545 says', () => {
    expect(unfold(ics)).toContain('SUMMARY:Open day\\; implants\\, crowns\\\\bridges\r\n')
    expect(unfold(ics)).toContain('DESCRIPTION:Line one\\nLine two\r\n')
    expect(unfold(ics)).toContain('LOCATION:Main hall\\, Shahr-e Naw\r\n')
    expect(escapeIcsText('a\r\nb\rc\u0007')).toBe('a\\nb\\nc')
  })

  it('folds long lines at 75 octets without splitting a Dari or Pashto letter', () => {
    const line = `SUMMARY:${'روز باز آکادمی دندان‌پزشکی '.repeat(5)}`
    const folded = foldIcsLine(line)
    const encoder = new TextEncoder()
    for (const part of folded.split('\r\n')) expect(encoder.encode(part).length).toBeLessThanOrEqual(75)
    expect(folded.replace(/\r\n /g, '')).toBe(line)
    expect(foldIcsLine('SHORT:line')).toBe('SHORT:line')
  })

  it('leaves out the end when the event has none', () => {
    const open = eventIcs(
      {
        uid: 'u',
        start: new Date('2026-03-10T04:30:00Z'),
        end: null,
        title: 'T',
        description: '',
        place: '',
        url: 'https://x.af/',
        updated: new Date(0),
      },
      'P',
    )
    expect(open).not.toContain('DTEND')
    expect(open).not.toContain('LOCATION')
  })
})
