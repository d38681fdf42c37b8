import { describe, expect, it } from 'vitest'
import { CSV_BOM, csvCell, csvFileName, csvHeader, csvRow, csvValues } from './csv'

describe('csv', () => {
  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+93701234567', `'+93701234567`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\t=1', `'\t=1`],
    ['\r=1', `"'\r=1"`],
  ])('escapes formula-looking %j', (input, output) => {
    expect(csvCell(input)).toBe(output)
  })

  it('quotes commas, quotes and line breaks and leaves plain text alone', () => {
    expect(csvCell('Kabul, 1005')).toBe('"Kabul, 1005"')
    expect(csvCell('He said "hi"')).toBe('"He said ""hi"""')
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"')
    expect(csvCell('احمد شاه')).toBe('احمد شاه')
    expect(csvCell(null)).toBe('')
    expect(csvCell(42)).toBe('42')
    expect(csvCell(new Date('2030-01-02T03:04:05Z'))).toBe('2030-01-02T03:04:05.000Z')
  })

  it('ends rows with CRLF and starts files with a BOM', () => {
    expect(csvRow(['a', '=b', 'c,d'])).toBe(`a,'=b,"c,d"\r\n`)
    expect(CSV_BOM).toBe('\uFEFF')
  })
})

describe('the export in the staff member language', () => {
  const appointment = {
    id: 7,
    createdAt: new Date('2025-03-21T20:00:00Z'),
    name: 'احمد شاه',
    phone: '+93701234567',
    email: null,
    date: '2025-03-25',
    message: '=cmd',
    locale: 'ps',
    status: 'no-show',
    statusUpdatedAt: null,
  }
  const courseName = (id: string) => `course ${id}`

  it('names the columns in Dari and says the times are Kabul time', () => {
    const header = csvHeader('appointments', 'fa')
    expect(header[1]).toBe('زمان دریافت (به وقت کابل)')
    expect(header).toContain('وضعیت')
    expect(csvHeader('appointments', 'en')[1]).toBe('Received (Kabul time)')
    expect(csvHeader('registrations', 'en')).toHaveLength(11)
  })

  it('writes Dari status and language names, Kabul time and the Solar Hijri date, and keeps cells formula-safe', () => {
    const cells = csvRow(csvValues('appointments', appointment, 'fa', courseName))
      .trimEnd()
      .split(',')
    expect(cells).toEqual([
      '7',
      '۲ حمل ۱۴۰۴، ۰۰:۳۰',
      'احمد شاه',
      "'+93701234567",
      '',
      '۵ حمل ۱۴۰۴ (۲۵ مارچ ۲۰۲۵)',
      "'=cmd",
      'پښتو',
      'حاضر نشد',
      '',
    ])
  })

  it('writes English with sortable Kabul times', () => {
    const values = csvValues('appointments', { ...appointment, statusUpdatedAt: new Date('2025-03-22T05:00:00Z') }, 'en', courseName)
    expect(values).toEqual([
      7,
      '2025-03-22 00:30',
      'احمد شاه',
      '+93701234567',
      null,
      '2025-03-25',
      '=cmd',
      'Pashto',
      'No-show',
      '2025-03-22 09:30',
    ])
  })

  it('names a registration course and dates the file by the Kabul day', () => {
    const values = csvValues('registrations', { course: 'dental', status: 'enrolled', locale: 'fa' }, 'ps', courseName)
    expect(values).toContain('course dental')
    expect(values).toContain('نوم یې ولیکل شو')
    expect(csvFileName('appointments', new Date('2025-03-21T20:00:00Z'))).toBe('appointments-2025-03-22.csv')
  })
})
