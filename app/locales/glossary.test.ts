/**
 * Every catalogue, public and staff, follows app/locales/GLOSSARY.md: for each concept no competing
 * term, and in Dari no Iranian form.
 */
import { describe, expect, it } from 'vitest'
import { leaves } from '../../tests/support/catalogues'
import { findForm, readGlossary } from '../../tests/support/glossary'
import { fa } from './fa'
import { ps } from './ps'

const { concepts, iranian } = readGlossary()
const CATALOGUES = { fa: leaves(fa), ps: leaves(ps) }

/** Where a catalogue uses one of the given forms: `path: «form» in «text»`. */
function uses(language: keyof typeof CATALOGUES, forms: readonly string[]): string[] {
  const found: string[] = []
  for (const [path, text] of CATALOGUES[language]) {
    for (const form of forms) if (findForm(text, form)) found.push(`${path}: «${form}» in «${text}»`)
  }
  return found
}

describe('the glossary', () => {
  it('has a row for each concept the catalogues must agree on', () => {
    const english = concepts.map((concept) => concept.english)
    for (const term of [
      'appointment',
      'visit',
      'request',
      'registration',
      'course',
      'phone number',
      'phone, mobile',
      'new',
      'archive, retire',
      'sign out, log out',
      'field',
      'session',
      'reset, set a new password',
      'site',
      'page',
      'integration',
      'theme',
      'upload',
      'loading',
      'on / off',
    ]) {
      expect(english).toContain(term)
    }
    expect(english).toContain('notification, alert')
    expect(english).toContain('staff panel, admin panel')
  })

  it.each(concepts.map((concept) => [concept.concept, concept] as const))('is followed for %s: no competing term', (_name, concept) => {
    expect([...uses('fa', concept.notInFa), ...uses('ps', concept.notInPs)]).toEqual([])
  })

  it.each(concepts.map((concept) => [concept.concept, concept] as const))(
    'names terms for %s that the catalogues use',
    (_name, concept) => {
      // A term the catalogues never say is a stale row (plural and oblique forms count: the stem is enough).
      const unused: string[] = []
      for (const language of ['fa', 'ps'] as const) {
        const texts = [...CATALOGUES[language].values()].join('\n')
        for (const term of concept[language].split(/ \/ |، /)) {
          if (term.includes('…')) continue
          if (!texts.includes(term) && !texts.includes(term.slice(0, -1))) unused.push(`${language}: ${term}`)
        }
      }
      expect(unused).toEqual([])
    },
  )

  it('refuses a competing term where a catalogue would use it', () => {
    // The matching the rows rely on: whole words, `…` for any ending or beginning, `=` for a whole message.
    expect(findForm('برای بازنشانی رمز', 'بازنشانی…')).toBe(true)
    expect(findForm('پیش‌نمایش', 'نمایش')).toBe(false)
    expect(findForm('مخکتنه', 'کتنه')).toBe(false)
    expect(findForm('تایید شوې کتنه نشته.', 'کتنه')).toBe(true)
    expect(findForm('روښانه', '=روښانه')).toBe(true)
    expect(findForm('د روښانه موسکا لپاره', '=روښانه')).toBe(false)
    expect(findForm('صفحهٔ اصلی', '…هٔ')).toBe(true)
    expect(findForm('ثبت‌نام', 'ثبت نام')).toBe(false)
    expect(findForm('ثبت  نام', 'ثبت نام')).toBe(true)
    // Inside a longer sentence, with a short word between the words of a phrase.
    expect(findForm('د مدیریت دا پاڼه نشته.', 'د مدیریت پاڼ…')).toBe(true)
    expect(findForm('این صفحه مدیریت وجود ندارد.', 'صفحه مدیریت')).toBe(true)
    // A suffix joined by the zero-width non-joiner, but not a longer word.
    expect(findForm('همه نشست‌های این حساب', 'نشست')).toBe(true)
    expect(findForm('تماس تلیفونی', 'تلیفون')).toBe(false)
    expect(findForm('د لیدنې نوی وخت', 'نوی د لیدنې')).toBe(false)
  })
})

describe('Dari in every catalogue, the staff panel too', () => {
  it('uses no Iranian form (GLOSSARY.md lists each with its Afghan form)', () => {
    expect(iranian.length).toBeGreaterThan(10)
    expect(
      uses(
        'fa',
        iranian.map((row) => row.form),
      ),
    ).toEqual([])
  })
})
