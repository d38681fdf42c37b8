/**
 * The staff panel speaks Dari and Pashto completely: every string of the English admin and editor
 * catalogues has a translation, none empty, with the same {placeholders} and both plural forms.
 */
import { describe, expect, it } from 'vitest'
import { leaves, placeholders } from '../../tests/support/catalogues'
import { en } from './en'
import { fa } from './fa'
import { ps } from './ps'
import { format, messagesFor } from './index'

const STAFF_NAMESPACES = ['admin', 'editor'] as const

describe.each([
  ['fa', fa],
  ['ps', ps],
] as const)('the %s staff catalogues', (_locale, catalogue) => {
  it.each(STAFF_NAMESPACES)('translate every English string of %s, none empty, with the same {placeholders}', (ns) => {
    const translated = leaves(catalogue[ns])
    const problems: string[] = []
    for (const [path, english] of leaves(en[ns])) {
      const text = translated.get(path)
      if (text === undefined) problems.push(`${ns}.${path}: missing`)
      else if (text.trim() === '') problems.push(`${ns}.${path}: empty`)
      else if (placeholders(text).join() !== placeholders(english).join()) {
        problems.push(`${ns}.${path}: {${placeholders(text).join('} {')}} instead of {${placeholders(english).join('} {')}}`)
      }
    }
    expect(problems).toEqual([])
  })

  it.each(STAFF_NAMESPACES)('write %s in Arabic script', (ns) => {
    // Latin only inside a sentence (product names, commands, examples), never a whole English string.
    const untranslated = [...leaves(catalogue[ns])]
      .map(([path, text]) => [path, text.replace(/\{\w+\}/g, '')] as const)
      .filter(([, text]) => !/[\u0600-\u06FF]/.test(text) && /[A-Za-z]{3}/.test(text))
    expect(untranslated.map(([path]) => path)).toEqual([])
  })
})

describe('the staff panel in Dari and Pashto', () => {
  it('shows translated strings, not the English fallback', () => {
    expect(messagesFor('fa').admin.sections.patients).toBe('مریضان')
    expect(messagesFor('ps').editor.content.title).toBe('د منځپانګې سمونګر')
    expect(messagesFor('fa').admin.statuses['no-show']).not.toBe(en.admin.statuses['no-show'])
  })

  it('counts in the language: Eastern digits and the plural form', () => {
    expect(format(messagesFor('fa').admin.requests.total, { count: 1234 })).toBe('۱٬۲۳۴ درخواست')
    expect(format(messagesFor('ps').admin.requests.total, { count: 1 })).toBe('۱ غوښتنه')
    expect(format(messagesFor('ps').admin.requests.total, { count: 3 })).toBe('۳ غوښتنې')
  })
})
