import { describe, expect, it } from 'vitest'
import { formatAfn } from './format'

describe('formatAfn', () => {
  it('writes English fees as AFN with thousands separators', () => {
    expect(formatAfn(25_000, 'en')).toBe('AFN 25,000')
    expect(formatAfn(5_000, 'en')).toBe('AFN 5,000')
    expect(formatAfn(950, 'en')).toBe('AFN 950')
  })

  it('writes Dari and Pashto fees in their digits with the name of the Afghani', () => {
    expect(formatAfn(25_000, 'fa')).toBe('۲۵٬۰۰۰ افغانی')
    expect(formatAfn(5_000, 'ps')).toBe('۵٬۰۰۰ افغانۍ')
    for (const locale of ['fa', 'ps'] as const) expect(formatAfn(25_000, locale)).not.toMatch(/[0-9]/)
  })
})
