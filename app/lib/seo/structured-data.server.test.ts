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

describe('the postal code in the structured data', () => {
  const withSettings = (path: string, settings: typeof DEFAULT_SITE_SETTINGS) =>
    JSON.parse(
      structuredDataFor({ path, locale: 'en', publicUrl: 'https://dental.example.af', messages: publicMessagesFor('en'), settings }) ??
        'null',
    ) as Record<string, unknown>
  const addressOf = (path: string, settings: typeof DEFAULT_SITE_SETTINGS) => {
    const data = withSettings(path, settings)
    const node = (data['@graph'] as Array<Record<string, unknown>> | undefined)?.[0] ?? data
    return node.address as Record<string, unknown>
  }
  const moved = { ...DEFAULT_SITE_SETTINGS, address: { en: 'Street 4, Karte Char, Kabul', fa: '', ps: '' } }

  it('is the one in the settings', () => {
    for (const path of ['/clinic', '/academy']) {
      expect(addressOf(path, { ...moved, postalCode: '1006' })).toMatchObject({
        streetAddress: 'Street 4, Karte Char, Kabul',
        postalCode: '1006',
      })
    }
  })

  it('is left out when the settings name none', () => {
    for (const path of ['/clinic', '/academy', '/academy/courses']) {
      expect(JSON.stringify(withSettings(path, { ...moved, postalCode: '' }))).not.toContain('postalCode')
    }
  })
})
