import { describe, expect, it } from 'vitest'
import { LOCALES, type Locale } from '~/lib/i18n/locale'
import { isPluralForms, type PluralForms } from '~/lib/i18n/plural'
import { en } from './en'
import { fa } from './fa'
import { ps } from './ps'
import { format, messagesFor } from './index'

/** Placeholders that stand for a number of things: their messages must be plural forms. */
const COUNTS = new Set(['count', 'minutes', 'seconds', 'max', 'rating'])

/** Every other placeholder, and why no word around it changes with its value. */
const NOT_COUNTS = new Set([
  // Texts: names, addresses, phones, titles, a section's or an image slot's name, a reason.
  ...['address', 'course', 'name', 'phone', 'page', 'site', 'section', 'slot', 'slots', 'text', 'reason', 'language', 'shade', 'clinic'],
  // An address (a link in a staff e-mail).
  'link',
  // A backup archive's file name.
  'archive',
  // Dates and times, already written by the date functions.
  ...['date', 'time', 'year', 'first', 'last', 'solar', 'gregorian'],
  // Numbers with no counted noun: an id, 'Position {position} of {total}', '{width} × {height} px',
  // a contrast '{ratio}:1', a file size as text ('1.2 MB'), a duration as text (admin.login.seconds).
  ...['id', 'position', 'total', 'pages', 'width', 'height', 'ratio', 'shadeRatio', 'size', 'wait'],
  // A status or role before and after a change (the audit log), a status's name.
  ...['from', 'to', 'status'],
  // A device in words ('Chrome on Android'), its parts, an account's username.
  ...['device', 'browser', 'system', 'username'],
  // The roles that may write a stream, as a list in words.
  'roles',
])

/**
 * The word each count message must show, per language of its text: [for one, for other]. Dari
 * keeps the noun singular after a number; Pashto does not ('۱ دقیقه', '۵ دقیقې').
 */
const WORDS: Record<string, Partial<Record<Locale, readonly [string, string]>>> = {
  'forms.notices.rateLimitedText': { en: ['minute', 'minutes'], fa: ['دقیقه', 'دقیقه'], ps: ['دقیقه', 'دقیقې'] },
  'forms.errors.nameTooLong': { en: ['character', 'characters'], fa: ['حرف', 'حرف'], ps: ['توري', 'تورو'] },
  'forms.errors.tooLong': { en: ['character', 'characters'], fa: ['حرف', 'حرف'], ps: ['توري', 'تورو'] },
  'clinic.testimonials.rating': { en: ['Rated', 'Rated'], fa: ['امتیاز', 'امتیاز'], ps: ['نمره', 'نمرې'] },
  'admin.login.seconds': { en: ['second', 'seconds'], fa: ['ثانیه', 'ثانیه'], ps: ['ثانیه', 'ثانیې'] },
  'admin.login.minutes': { en: ['minute', 'minutes'], fa: ['دقیقه', 'دقیقه'], ps: ['دقیقه', 'دقیقې'] },
  'admin.dashboard.pending': { en: ['pending', 'pending'], fa: ['انتظار', 'انتظار'], ps: ['تمه', 'تمه'] },
  'admin.requests.total': { en: ['request', 'requests'], fa: ['درخواست', 'درخواست'], ps: ['غوښتنه', 'غوښتنې'] },
  'admin.deskLists.agenda.visits': { en: ['visit', 'visits'], fa: ['ملاقات', 'ملاقات'], ps: ['لیدنه', 'لیدنې'] },
  'admin.deskLists.agenda.more': { en: ['visit', 'visits'], fa: ['ملاقات', 'ملاقات'], ps: ['لیدنه', 'لیدنې'] },
  'admin.twoStep.codesLeft': { en: ['code', 'codes'], fa: ['کود', 'کود'], ps: ['کوډ', 'کوډونه'] },
  'admin.staffSecurity.signedOutAll': { en: ['session', 'sessions'], fa: ['ورود', 'ورود'], ps: ['ننوتنه', 'ننوتنې'] },
  'admin.staffSecurity.othersEnded': { en: ['session', 'sessions'], fa: ['ورود', 'ورود'], ps: ['ننوتنه', 'ننوتنې'] },
  'admin.dashboard.translationsMissing': { en: ['item', 'items'], fa: ['مورد', 'مورد'], ps: ['توکی', 'توکي'] },
  'posts.editor.total': { en: ['post', 'posts'], fa: ['نوشته', 'نوشته'], ps: ['لیکنه', 'لیکنې'] },
  'admin.dashboard.translationsIn': { en: ['item', 'items'], fa: ['مورد', 'مورد'], ps: ['توکی', 'توکي'] },
  'admin.requests.totalMore': { en: ['request', 'requests'], fa: ['درخواست', 'درخواست'], ps: ['غوښتنې', 'غوښتنو'] },
}

/** The counts that take the 'one' form (CLDR): Dari says '۰ دقیقه' like '۱ دقیقه'. */
const ONE: Record<Locale, readonly number[]> = { en: [1], fa: [0, 1], ps: [1] }
const DIGITS: Record<Locale, Record<number, string>> = {
  en: { 0: '0', 1: '1', 2: '2', 5: '5' },
  fa: { 0: '۰', 1: '۱', 2: '۲', 5: '۵' },
  ps: { 0: '۰', 1: '۱', 2: '۲', 5: '۵' },
}

type Node = string | PluralForms | { [key: string]: Node }

/** Every message of a catalogue by its dotted path: a string or plural forms. */
function messages(tree: unknown, prefix = ''): Map<string, string | PluralForms> {
  const result = new Map<string, string | PluralForms>()
  for (const [key, value] of Object.entries((tree ?? {}) as Record<string, Node>)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string' || isPluralForms(value)) result.set(path, value)
    else for (const [p, v] of messages(value, path)) result.set(p, v)
  }
  return result
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
const words = (text: string) => text.split(/[\s.,،؛:;!?()«»؟]+/).filter(Boolean)

const RAW = { en, fa, ps } as const

describe.each(Object.entries(RAW))('the %s catalogue', (_locale, catalogue) => {
  const all = messages(catalogue)

  it('knows every placeholder as a count or as something else', () => {
    for (const [path, message] of all) {
      const texts = typeof message === 'string' ? [message] : [message.one, message.other]
      for (const name of texts.flatMap(placeholders)) {
        expect(COUNTS.has(name) || NOT_COUNTS.has(name), `${path}: is {${name}} a count? Add it to COUNTS or NOT_COUNTS`).toBe(true)
      }
    }
  })

  it('writes every count as plural forms, each form with the one count and the same placeholders', () => {
    for (const [path, message] of all) {
      if (typeof message === 'string') {
        const counts = placeholders(message).filter((name) => COUNTS.has(name))
        expect(counts, `${path} carries a count: write it as { one, other }`).toEqual([])
        continue
      }
      const counts = placeholders(message.other).filter((name) => COUNTS.has(name))
      expect(counts, `${path} needs exactly one count`).toHaveLength(1)
      expect(placeholders(message.one).sort(), path).toEqual(placeholders(message.other).sort())
    }
  })
})

describe.each(LOCALES)('every count message as a %s page shows it', (locale) => {
  const all = [...messages(messagesFor(locale))].filter((entry): entry is [string, PluralForms] => typeof entry[1] !== 'string')

  it('is listed with its words (so none escapes this test)', () => {
    expect(all.map(([path]) => path).sort()).toEqual(Object.keys(WORDS).sort())
  })

  it.each([1, 2, 5, 0])('takes the right word for %i, in the digits of its language', (n) => {
    for (const [path, forms] of all) {
      // A string not translated yet (the staff namespaces) is English, and English rules choose.
      const language = forms.locale ?? 'en'
      const [one, other] = WORDS[path]?.[language] ?? ['?', '?']
      const count = placeholders(forms.other).find((name) => COUNTS.has(name))!
      const text = format(forms, { [count]: n })
      const shown = words(text)
      const expected = ONE[language].includes(n) ? one : other
      expect(shown, `${locale} ${path} with ${n}: "${text}"`).toContain(expected)
      if (one !== other) expect(shown, `${locale} ${path} with ${n}: "${text}"`).not.toContain(expected === one ? other : one)
      expect(shown, `${locale} ${path} with ${n}: "${text}"`).toContain(DIGITS[language][n])
      if (language !== 'en') expect(text, `${locale} ${path}`).not.toMatch(/[0-9]/)
    }
  })
})

describe('the public count messages of Dari and Pashto', () => {
  it.each(['fa', 'ps'] as const)('are chosen by the rules of %s itself', (locale) => {
    const { forms, clinic } = messagesFor(locale)
    for (const message of [forms.notices.rateLimitedText, forms.errors.tooLong, forms.errors.nameTooLong, clinic.testimonials.rating]) {
      expect(message.locale).toBe(locale)
    }
  })
})

describe('format with plural forms', () => {
  const total = { one: '{count} request', other: '{count} requests' }

  it('writes the count as a quantity of its language', () => {
    expect(format(total, { count: 1234 })).toBe('1,234 requests')
    expect(format({ one: '{count} درخواست', other: '{count} درخواست' }, { count: 1234 })).toBe('۱٬۲۳۴ درخواست')
  })
})
