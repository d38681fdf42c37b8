/**
 * Dari and Pashto as the pages render them: every message with its {placeholders} filled with the
 * values the code gives them (slot names, sites, courses, sections, people, dates, phones), and the
 * texts the code joins itself.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { leaves, placeholders } from '../../tests/support/catalogues'
import { isolateLtr, LRI, PDI } from '~/lib/i18n/bidi'
import { formatDate } from '~/lib/i18n/dates'
import { formatList } from '~/lib/i18n/format'
import { formatStaffDate } from '~/lib/i18n/staff-dates'
import { appointmentWhatsappText, registrationWhatsappText } from '~/lib/contact/whatsapp'
import { patientMessageText } from '~/lib/requests/patient-message'
import { format, messagesFor } from './index'

type RtlLocale = 'fa' | 'ps'

/** Representative values of each placeholder, as the code fills it, in the language of the message. */
function valuesFor(locale: RtlLocale): Record<string, string[]> {
  const m = messagesFor(locale)
  const slots = Object.values(m.editor.media.slots)
  const sites = [...Object.values(m.editor.theme.tabs), m.common.brand.clinicName, m.common.brand.academyName]
  const statuses = Object.values(m.admin.statuses)
  const date = formatDate('2026-03-21', locale)
  const when = formatStaffDate(new Date('2026-03-21T05:30:00Z'), locale, { withTime: true })
  const numbers = ['۱', '۳', '۱۲']
  return {
    slot: slots,
    slots: [...slots, formatList(slots, locale)],
    site: sites,
    page: [m.clinic.contactPage.title, m.common.notFound.title],
    course: Object.values(m.academy.courses.names),
    section: Object.values(m.editor.layout.sections),
    name: ['مریم', 'احمد شاه', 'logo.webp', m.editor.common.someone],
    clinic: [m.common.brand.clinicName],
    language: [m.editor.common.english, m.editor.common.dari, m.editor.common.pashto],
    status: statuses,
    from: [...statuses, ...Object.values(m.admin.roles), date, when],
    to: [...statuses, ...Object.values(m.admin.roles), date, when],
    date: [date, when],
    time: ['۰۹:۳۰', when],
    first: ['۰۸:۰۰', date],
    last: ['۱۶:۵۵', date],
    solar: [formatDate('2026-03-21', locale, { withGregorian: false })],
    gregorian: ['۲۱ مارچ ۲۰۲۶'],
    phone: [isolateLtr('+93 70 123 4567', locale)],
    address: ['کابل، کارته سه'],
    text: [m.academy.courses.contactForDetails, m.clinic.hero.title],
    reason: [m.editor.content.errorReason],
    link: ['https://clinic.example.com/admin/patients/12'],
    browser: Object.values(m.admin.staffSecurity.browsers),
    system: Object.values(m.admin.staffSecurity.systems),
    device: [
      format(m.admin.staffSecurity.device, {
        browser: m.admin.staffSecurity.browsers.chrome,
        system: m.admin.staffSecurity.systems.android,
      }),
    ],
    username: ['amina.k'],
    roles: [formatList([m.admin.roles.admin, m.admin.roles.editor], locale)],
    wait: [format(m.admin.login.minutes, { count: 2 }), format(m.admin.login.seconds, { count: 30 })],
    size: ['۱٫۲', '۱۸'],
    archive: ['backup-2026-12-01T02-00-00-000Z.tar.gz.age'],
    shade: ['#1d4ed8'],
    year: ['۲۰۲۶'],
    ...Object.fromEntries(
      ['count', 'max', 'minutes', 'id', 'position', 'total', 'pages', 'width', 'height', 'ratio', 'shadeRatio', 'rating'].map((key) => [
        key,
        numbers,
      ]),
    ),
  }
}

/** Placeholders that take other values in one message: the audit log names a part of the site. */
function valuesIn(path: string, locale: RtlLocale, values: Record<string, string[]>): Record<string, string[]> {
  if (path === 'admin.audit.targets.document') return { ...values, name: Object.values(messagesFor(locale).admin.audit.documents) }
  // The collections screen names a list (its tab) and an item (a service's title, a doctor's name).
  if (path.startsWith('editor.collections.')) {
    const m = messagesFor(locale)
    return { ...values, section: Object.values(m.editor.collections.tabs), name: [...Object.values(m.academy.courses.names), 'مریم'] }
  }
  return values
}

/** Every message of a catalogue rendered with each representative value of each of its placeholders. */
function rendered(locale: RtlLocale): { path: string; text: string }[] {
  const all = valuesFor(locale)
  const result: { path: string; text: string }[] = []
  for (const [path, template] of leaves(messagesFor(locale))) {
    const values = valuesIn(path, locale, all)
    const names = placeholders(template)
    const first = Object.fromEntries(names.map((name) => [name, values[name]?.[0] ?? `{${name}}`]))
    result.push({ path, text: format(template, first) })
    for (const name of names) {
      for (const value of values[name] ?? []) result.push({ path, text: format(template, { ...first, [name]: value }) })
    }
  }
  return result
}

/** The words of a text, the zero-width non-joiner and the bidirectional isolates ignored. */
const words = (text: string) =>
  text
    .replace(/[\u200c\u2066-\u2069]/g, '')
    .split(/[\s.,،؛:;!?()«»؟*]+/)
    .filter(Boolean)

describe.each(['fa', 'ps'] as const)('every %s message, rendered', (locale) => {
  it('has a representative value for each of its placeholders', () => {
    const values = valuesFor(locale)
    const missing = [...leaves(messagesFor(locale))].flatMap(([path, text]) =>
      placeholders(text)
        .filter((name) => !values[name])
        .map((name) => `${path}: {${name}}`),
    )
    expect(missing).toEqual([])
  })

  it('has no Latin comma, question mark or semicolon (the Arabic «، ؟ ؛» instead)', () => {
    // Latin runs (addresses, commands, examples) are left-to-right text and keep their own marks.
    const latin = rendered(locale).filter(({ text }) => /[,;?]/.test(text.replace(/[A-Za-z0-9:/._@-]*[A-Za-z][A-Za-z0-9:/._@?=&-]*/g, '')))
    expect(latin.map(({ path, text }) => `${path}: ${text}`)).toEqual([])
  })

  it('isolates each phone number, so its digit groups keep their order', () => {
    const phone = /[+＋]?[0-9۰-۹][0-9۰-۹ ]{5,}[0-9۰-۹…]|[+][0-9۰-۹]+ …/g
    const loose: string[] = []
    for (const { path, text } of rendered(locale)) {
      // The phone fields' own placeholders: those inputs are written left to right (dir="ltr").
      if (path.endsWith('.phonePlaceholder')) continue
      for (const match of text.matchAll(phone)) {
        const start = match.index
        const end = start + match[0].length
        if (text[start - 1] !== LRI || text[end] !== PDI) loose.push(`${path}: ${text}`)
      }
    }
    expect(loose).toEqual([])
  })
})

/** The placeholders the code fills with a number (format writes it in the message's digits). */
const NUMERIC = new Set(['count', 'max', 'minutes', 'id', 'position', 'total', 'width', 'height', 'ratio', 'shadeRatio', 'rating'])

/**
 * What a reader sees of a rendered message as Dari or Pashto text: without the left-to-right runs the
 * code isolates (phone numbers, e-mail addresses) and without Latin words (a colour code «#2563eb»,
 * a command, an address), which keep their own digits.
 */
const rtlText = (text: string) =>
  text.replace(new RegExp(`${LRI}[^${PDI}]*${PDI}`, 'g'), '').replace(/[A-Za-z0-9#:/._@+=&?%-]*[A-Za-z][A-Za-z0-9#:/._@+=&?%-]*/g, '')

describe.each(['fa', 'ps'] as const)('every %s message, numbers and all', (locale) => {
  it('writes every number in Eastern Arabic-Indic digits, the numbers the code fills in too', () => {
    const values = valuesFor(locale)
    const latin: string[] = []
    for (const [path, template] of leaves(messagesFor(locale))) {
      const names = placeholders(template)
      for (const number of [1, 12, 4.5, 1234]) {
        const filled = Object.fromEntries(
          names.map((name) => [name, NUMERIC.has(name) ? number : (valuesIn(path, locale, values)[name]?.[0] ?? '')]),
        )
        const text = format(template, filled)
        if (/[0-9]/.test(rtlText(text))) latin.push(`${path}: ${text}`)
      }
    }
    expect([...new Set(latin)]).toEqual([])
  })

  it('writes a fraction with the Arabic decimal separator', () => {
    expect(format(messagesFor(locale).editor.theme.contrastOk, { ratio: 4.5 })).toContain('۴٫۵:۱')
  })
})

describe('Pashto, rendered with every value of its placeholders', () => {
  it('never says «د د» (slot names, sites, courses and sections begin with their own «د»)', () => {
    const doubled = rendered('ps').filter(({ text }) => words(text).some((word, i, all) => word === 'د' && all[i + 1] === 'د'))
    expect(doubled.map(({ path, text }) => `${path}: ${text}`)).toEqual([])
  })
})

describe('texts the code joins', () => {
  it('separates a list with «، » in Dari and Pashto', () => {
    expect(formatList(['الف', 'ب', 'ج'], 'fa')).toBe('الف، ب، ج')
    expect(formatList(['الف', 'ب'], 'ps')).toBe('الف، ب')
    expect(formatList(['A', 'B'], 'en')).toBe('A, B')
  })

  it.each(['fa', 'ps'] as const)('isolates the phone and e-mail in the %s WhatsApp messages', (locale) => {
    const m = messagesFor(locale)
    const appointment = appointmentWhatsappText(
      m.forms.whatsapp,
      { name: 'مریم', phone: '+93701234567', email: 'name@example.com', date: '۱ حمل ۱۴۰۵' },
      locale,
    )
    const registration = registrationWhatsappText(
      m.forms.whatsapp,
      {
        name: 'مریم',
        phone: '+93701234567',
        email: 'name@example.com',
        address: 'کابل',
        education: '۱۲',
        course: m.academy.courses.names.cpr,
      },
      locale,
    )
    const patient = patientMessageText(m.admin.desk.patientMessage, {
      locale,
      name: 'مریم',
      clinic: m.common.brand.clinicName,
      confirmedFor: null,
      preferredDate: '2026-03-21',
      address: 'کابل',
      phone: '+93 70 123 4567',
    })
    for (const text of [appointment, registration]) {
      expect(text).toContain(`${LRI}+93701234567${PDI}`)
      expect(text).toContain(`${LRI}name@example.com${PDI}`)
    }
    expect(patient).toContain(`${LRI}+93 70 123 4567${PDI}`)
  })

  it('leaves English WhatsApp messages as they are', () => {
    const m = messagesFor('en')
    const text = appointmentWhatsappText(m.forms.whatsapp, { name: 'Maryam', phone: '+93701234567', date: '2026-03-21' }, 'en')
    expect(text).toContain('Phone: +93701234567')
  })

  it('joins no words with a Latin ", " in code that builds a message', () => {
    // Lists go through formatList (lib/i18n/format.ts); these joins build no text a reader sees in Dari or Pashto.
    const allowed = new Set(['app/fonts/font-characters.ts', 'app/lib/platform/scripts-after-paint.server.ts', 'app/lib/media/media.ts'])
    const root = join(import.meta.dirname, '..', '..')
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) return files(path)
        return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
      })
    const joins = files(join(root, 'app'))
      .map((path) => relative(root, path))
      .filter((path) => !allowed.has(path))
      .filter((path) =>
        readFileSync(join(root, path), 'utf8')
          .split('\n')
          // SQL lists are no text for a reader.
          .filter((line) => !/\bsql\b|\bselect\b/.test(line))
          .some((line) => /\.join\(\s*['"`], ['"`]\s*\)|\}, \$\{/.test(line)),
      )
    expect(joins).toEqual([])
  })
})
