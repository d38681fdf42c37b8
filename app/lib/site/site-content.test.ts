import { describe, expect, it } from 'vitest'
import { messagesFor, publicMessagesFor } from '~/locales'
import { ContentSchema } from './editor-schemas'
import { applyContent, courseFees, resolveStoredText } from './site-content'

describe('stored content over the catalogue', () => {
  it('falls back from an empty translation to English, and from an empty English to the built-in text', () => {
    expect(resolveStoredText({ en: 'Hello', fa: 'سلام', ps: '' }, 'fa')).toBe('سلام')
    expect(resolveStoredText({ en: 'Hello', fa: 'سلام', ps: '' }, 'ps')).toBe('Hello')
    expect(resolveStoredText({ en: 'Hello', fa: '  ', ps: '' }, 'fa')).toBe('Hello')
    expect(resolveStoredText({ en: '', fa: '', ps: '' }, 'ps')).toBeNull()
    expect(resolveStoredText(undefined, 'en')).toBeNull()
  })

  it('applies stored texts to the messages of each language', () => {
    const content = ContentSchema.parse({
      texts: {
        'clinic.hero.title': { en: 'Healthy smiles', fa: 'لبخند سالم', ps: '' },
        'clinic.hero.description': { en: '', fa: '', ps: '' },
        'clinic.services.items.implants.title': { en: 'Implants', fa: '', ps: 'غاښونه' },
      },
    })
    const english = applyContent(publicMessagesFor('en'), content, 'en')
    expect(english.clinic.hero.title).toBe('Healthy smiles')
    expect(english.clinic.hero.description).toBe(messagesFor('en').clinic.hero.description)
    expect(english.clinic.services.items.implants.title).toBe('Implants')

    const dari = applyContent(publicMessagesFor('fa'), content, 'fa')
    expect(dari.clinic.hero.title).toBe('لبخند سالم')
    expect(dari.clinic.services.items.implants.title).toBe('Implants')
    expect(dari.clinic.hero.description).toBe(messagesFor('fa').clinic.hero.description)

    const pashto = applyContent(publicMessagesFor('ps'), content, 'ps')
    expect(pashto.clinic.hero.title).toBe('Healthy smiles')
    expect(pashto.clinic.services.items.implants.title).toBe('غاښونه')
  })

  it('never changes the shared catalogue', () => {
    const before = publicMessagesFor('en').clinic.hero.title
    applyContent(publicMessagesFor('en'), ContentSchema.parse({ texts: { 'clinic.hero.title': { en: 'X', fa: '', ps: '' } } }), 'en')
    expect(publicMessagesFor('en').clinic.hero.title).toBe(before)
    expect(messagesFor('en').clinic.hero.title).toBe(before)
  })

  it('publishes stored fees over the built-in ones', () => {
    const fees = courseFees(ContentSchema.parse({ fees: { radiology: 30000, cpr: null } }))
    expect(fees.radiology).toBe(30000)
    expect(fees.cpr).toBeNull()
    expect(fees.diplomaDentistry).toBeNull()
  })
})
