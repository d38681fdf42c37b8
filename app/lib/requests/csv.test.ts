import { describe, expect, it } from 'vitest'
import { CSV_BOM, csvCell, csvRow } from './csv'

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
