import { describe, expect, it } from 'vitest'
import { registrationWhatsappText } from '~/lib/contact/whatsapp'
import { LOCALES } from '~/lib/i18n/locale'
import { isPluralForms } from '~/lib/i18n/plural'
import { COURSES } from '~/lib/site/site-data'
import { format, messagesFor } from './index'
import { ps } from './ps'

/** Every text of a catalogue (both forms of a count message). */
function texts(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree]
  if (isPluralForms(tree)) return [tree.one, tree.other]
  return Object.values((tree ?? {}) as Record<string, unknown>).flatMap(texts)
}

/** The words of a text, the zero-width non-joiner of Dari and Pashto spelling ignored. */
const words = (text: string) =>
  text
    .replace(/\u200c/g, '')
    .split(/[\s.,،؛:;!?()«»؟*]+/)
    .filter(Boolean)

/** Two «د» in a row: the Pashto possessive said twice. */
const doubledDa = (text: string) => words(text).some((word, i, all) => word === 'د' && all[i + 1] === 'د')

describe.each(LOCALES)('every %s sentence that names a course', (locale) => {
  const messages = messagesFor(locale)
  const { names } = messages.academy.courses
  // The catalogue's sentences with a {course}, found rather than listed, so a new one is checked too.
  const templates = texts(messages).filter((text) => text.includes('{course}'))

  it('exists (the registration thanks names the course)', () => {
    expect(templates).toContain(messages.forms.registration.successText)
  })

  it.each(COURSES.map((course) => course.id))('reads well with %s', (id) => {
    const course = names[id]
    const sentences = [
      ...templates.map((template) => format(template, { name: 'مریم', course })),
      registrationWhatsappText(
        messages.forms.whatsapp,
        {
          name: 'مریم',
          email: 'name@example.com',
          phone: '+93 70 123 4567',
          address: 'کابل',
          education: '۱۲',
          course,
        },
        locale,
      ),
      // The accessible names of the Register and Enroll links: the link's text, then the course's title
      // (aria-labelledby in routes/academy/courses.tsx and components/academy/online-courses.tsx).
      `${messages.academy.courses.register} ${course}`,
      `${messages.academy.online.enroll} ${course}`,
    ]
    for (const sentence of sentences) {
      expect(doubledDa(sentence), `«د د» in: ${sentence}`).toBe(false)
      expect(sentence, 'an unfilled placeholder').not.toMatch(/\{\w+\}/)
    }
  })
})

describe('Afghan usage', () => {
  it('writes Pashto without «متقابله نقشه» (a reciprocal map), «ارام» for «آرام» or a doubled «د»', () => {
    for (const text of texts(ps)) {
      expect(text, text).not.toMatch(/متقابله?\s+نقش/)
      expect(words(text), text).not.toContain('ارام')
      expect(doubledDa(text), text).toBe(false)
    }
  })
})
