import { describe, expect, it } from 'vitest'
import { leaves, placeholders } from '../../tests/support/catalogues'
import { PUBLIC_NAMESPACES, format, messagesFor } from './index'
import { en } from './en'
import { fa } from './fa'
import { ps } from './ps'

/** Latin-script words allowed in Dari and Pashto text: product names and example addresses. */
const LATIN_ALLOWED = new Set(['CAD', 'CAM', 'name', 'example', 'com'])

const TRANSLATIONS = { fa, ps } as const

describe.each(Object.entries(TRANSLATIONS))('the %s catalogue', (_locale, catalogue) => {
  const translated = catalogue as unknown as Record<string, unknown>
  const english = en as unknown as Record<string, unknown>

  it.each(PUBLIC_NAMESPACES)('has exactly the English keys in the public namespace %s', (ns) => {
    const enKeys = [...leaves(english[ns]).keys()].sort()
    const keys = [...leaves(translated[ns]).keys()].sort()
    expect(keys).toEqual(enKeys)
  })

  it.each(PUBLIC_NAMESPACES)('has the same {placeholders} in every string of %s, and no empty string', (ns) => {
    const enLeaves = leaves(english[ns])
    for (const [path, text] of leaves(translated[ns])) {
      expect(text.trim(), `${ns}.${path} is empty`).not.toBe('')
      expect(placeholders(text), `${ns}.${path}`).toEqual(placeholders(enLeaves.get(path) ?? ''))
    }
  })

  it.each(PUBLIC_NAMESPACES)('writes %s in Arabic script (Latin only for names and example addresses)', (ns) => {
    for (const [path, text] of leaves(translated[ns])) {
      const words = text.replace(/\{\w+\}/g, '').match(/[A-Za-z]+/g) ?? []
      const stray = words.filter((word) => !LATIN_ALLOWED.has(word))
      expect(stray, `${ns}.${path}: "${text}"`).toEqual([])
    }
  })

  it('translates the staff namespaces only with English keys and the same placeholders', () => {
    for (const ns of Object.keys(english).filter((n) => !(PUBLIC_NAMESPACES as readonly string[]).includes(n))) {
      const enLeaves = leaves(english[ns])
      for (const [path, text] of leaves(translated[ns])) {
        expect(enLeaves.has(path), `${ns}.${path} is not an English key`).toBe(true)
        expect(placeholders(text), `${ns}.${path}`).toEqual(placeholders(enLeaves.get(path) ?? ''))
      }
    }
  })
})

describe('messagesFor', () => {
  it('serves the translation, not English, for every public string', () => {
    for (const locale of ['fa', 'ps'] as const) {
      const merged = messagesFor(locale) as unknown as Record<string, unknown>
      const english = en as unknown as Record<string, unknown>
      for (const ns of PUBLIC_NAMESPACES) {
        const enLeaves = leaves(english[ns])
        for (const [path, text] of leaves(merged[ns])) {
          // Only the page-title pattern is the same in every language.
          if (text === enLeaves.get(path) && !/^[{}|\s\w]*$/.test(text.replace(/\{\w+\}/g, ''))) {
            throw new Error(`${locale}: ${ns}.${path} is still English: "${text}"`)
          }
        }
      }
    }
  })
})

describe('format', () => {
  it('writes numbers in the digits of the template', () => {
    expect(format('Rated {rating} out of 5', { rating: 5 })).toBe('Rated 5 out of 5')
    expect(format(fa.clinic.testimonials.rating, { rating: 5 })).toBe('امتیاز ۵ از ۵')
    expect(format(ps.forms.errors.tooLong, { max: 200 })).toContain('۲۰۰')
    // Strings are the caller's: a phone number keeps its digits.
    expect(format(fa.clinic.emergency.call, { phone: '+93 70 000 0000' })).toBe('زنگ به +93 70 000 0000')
  })
})
