import { describe, expect, it } from 'vitest'
import { blankItem, seedCollections } from './collections'
import { countMissingLanguages, itemLanguagesMissing, languagesMissing, missingInFormItem } from './missing-languages'

describe('content in two of three languages', () => {
  it('is a text with English and an empty Dari or Pashto one', () => {
    expect(languagesMissing({ en: 'Dr. Sara', fa: '', ps: 'ډاکټره سارا' })).toEqual(['fa'])
    expect(languagesMissing({ en: 'Dr. Sara', fa: ' ', ps: '' })).toEqual(['fa', 'ps'])
    // An empty English text shows the built-in texts of a spec item, in each language: nothing lacks.
    expect(languagesMissing({ en: '', fa: '', ps: '' })).toEqual([])
    expect(languagesMissing(undefined)).toEqual([])
  })

  it('is marked on each field of an item in the editor, and on the item', () => {
    const item = blankItem('doctors', 'dr-sara')
    item.texts.name = { en: 'Dr. Sara', fa: 'داکتر سارا', ps: '' }
    item.texts.bio = { en: 'Implants.', fa: '', ps: '' }
    item.photoAlt = { en: 'Dr. Sara smiling', fa: '', ps: '' }
    // The alternative text counts only with a photo.
    expect(missingInFormItem('doctors', item)).toEqual({ name: ['ps'], bio: ['fa', 'ps'] })
    item.photo = 'a'.repeat(20)
    expect(missingInFormItem('doctors', item)).toEqual({ name: ['ps'], bio: ['fa', 'ps'], photoAlt: ['fa', 'ps'] })
    expect(itemLanguagesMissing(missingInFormItem('doctors', item))).toEqual(['fa', 'ps'])
    expect(itemLanguagesMissing({ name: ['ps'] })).toEqual(['ps'])
  })

  it('is counted per collection among the published items only', () => {
    const collections = seedCollections()
    expect(countMissingLanguages(collections)).toEqual([])
    const english = { en: 'Whitening', fa: '', ps: '' }
    collections.services.push(
      { id: 'whitening', visible: true, retired: false, title: english, description: { en: '', fa: '', ps: '' } },
      { id: 'hidden', visible: false, retired: false, title: english, description: { en: '', fa: '', ps: '' } },
      { id: 'old', visible: true, retired: true, title: english, description: { en: '', fa: '', ps: '' } },
    )
    collections.doctors[0]!.bio = { en: 'Implants.', fa: 'ایمپلانت.', ps: '' }
    expect(countMissingLanguages(collections)).toEqual([
      { collection: 'services', count: 1 },
      { collection: 'doctors', count: 1 },
    ])
  })
})
