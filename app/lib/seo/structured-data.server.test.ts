import { describe, expect, it } from 'vitest'
import { LOCALES, LOCALE_INFO, type Locale } from '~/lib/i18n/locale'
import { DEFAULT_SITE_SETTINGS } from '~/lib/site/site-settings'
import { publicMessagesFor } from '~/locales'
import { structuredDataFor } from './structured-data.server'

const CITY = { en: 'Kabul', fa: 'کابل', ps: 'کابل' } as const

function read(path: string, locale: Locale): Record<string, unknown> {
  const json = structuredDataFor({
    path,
    locale,
    publicUrl: 'https://dental.example.af',
    messages: publicMessagesFor(locale),
    settings: DEFAULT_SITE_SETTINGS,
  })
  return JSON.parse(json ?? 'null') as Record<string, unknown>
}

describe.each(LOCALES)('the structured data of a %s page', (locale) => {
  const tag = LOCALE_INFO[locale].tag

  it('names the clinic in the page language, with the city in its script', () => {
    const dentist = read('/clinic/contact', locale)
    expect(dentist).toMatchObject({ '@type': 'Dentist', inLanguage: tag, address: { addressLocality: CITY[locale] } })
  })

  it.each(['/academy', '/academy/courses', '/academy/faculty'])(
    'gives the academy on %s the page language and the city in its script',
    (path) => {
      const graph = read(path, locale)['@graph'] as Array<Record<string, unknown>>
      const [organization, ...courses] = graph
      expect(organization).toMatchObject({
        '@type': 'EducationalOrganization',
        inLanguage: tag,
        address: { addressLocality: CITY[locale] },
      })
      for (const course of courses) expect(course).toMatchObject({ '@type': 'Course', inLanguage: tag })
    },
  )
})

it.each(['fa', 'ps'] as const)('writes no English city name on a %s page', (locale) => {
  for (const path of ['/clinic', '/academy', '/academy/courses']) expect(JSON.stringify(read(path, locale))).not.toContain('Kabul')
})
