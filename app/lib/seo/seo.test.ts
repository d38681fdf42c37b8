import { OFFLINE_PATH } from '../offline/saved-pages'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { describe, expect, it } from 'vitest'
import routes from '~/routes'
import {
  PUBLIC_PATHS,
  absoluteUrl,
  academyJsonLd,
  alternates,
  dentistJsonLd,
  internationalPhone,
  robotsTxt,
  seoHeadTags,
  serializeJsonLd,
  sitemapXml,
} from './seo'

const BASE = 'https://dental.example.af'

/** The full path of every page (not layout, not catch-all) in a route tree: 'a/b' with no leading slash. */
function pagePaths(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path].filter(Boolean).join('/')
    if (entry.children) return pagePaths(entry.children, path)
    return entry.path?.endsWith('*') ? [] : [path]
  })
}

describe('the public page list', () => {
  it('is exactly the pages app/routes.ts serves in every language', () => {
    const LANG = ':lang?'
    const localized = pagePaths(routes)
      .filter((path) => path === LANG || path.startsWith(`${LANG}/`))
      .map((path) => `/${path.slice(LANG.length + 1)}`)
      // The offline page is kept by the service worker, not offered to readers or search engines;
      // the web app manifest is a file for browsers, not a page.
      .filter((path) => path !== OFFLINE_PATH && path !== '/manifest.webmanifest')
      // A post's page and its files are listed from the database (the sitemap's post entries).
      .filter((path) => !path.includes(':post'))
      // The streams' Atom feeds are files for feed readers, linked from their lists.
      .filter((path) => !path.endsWith('/feed.xml'))
    expect([...PUBLIC_PATHS].sort()).toEqual(localized.sort())
  })
})

describe('alternates and head tags', () => {
  it('gives every language and x-default as absolute URLs', () => {
    expect(alternates('/clinic/contact', BASE)).toEqual([
      { hreflang: 'en', href: `${BASE}/clinic/contact` },
      { hreflang: 'fa-AF', href: `${BASE}/fa/clinic/contact` },
      { hreflang: 'ps-AF', href: `${BASE}/ps/clinic/contact` },
      { hreflang: 'x-default', href: `${BASE}/clinic/contact` },
    ])
    expect(alternates('/', `${BASE}/`).map((a) => a.href)).toEqual([`${BASE}/`, `${BASE}/fa`, `${BASE}/ps`, `${BASE}/`])
  })

  it('makes the canonical the page in its own language', () => {
    const tags = seoHeadTags({ path: '/academy', locale: 'ps', publicUrl: BASE, siteName: 'Academy' })
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${BASE}/ps/academy` })
    expect(tags).toContainEqual({ tagName: 'meta', property: 'og:url', content: `${BASE}/ps/academy` })
    expect(tags).toContainEqual({ tagName: 'meta', property: 'og:locale', content: 'ps_AF' })
    expect(tags.filter((t) => t.tagName === 'link' && t.rel === 'alternate')).toHaveLength(4)
  })

  it('joins URLs without doubled slashes', () => {
    expect(absoluteUrl('https://x.af/', '/fa')).toBe('https://x.af/fa')
    expect(absoluteUrl('https://x.af', '/')).toBe('https://x.af/')
  })
})

describe('sitemap.xml', () => {
  const xml = sitemapXml(BASE)

  it('lists every public page in all three languages with absolute locations', () => {
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
    expect(locs).toHaveLength(PUBLIC_PATHS.length * 3)
    expect(new Set(locs).size).toBe(locs.length)
    for (const loc of locs) expect(loc).toMatch(/^https:\/\/dental\.example\.af\//)
    expect(locs).toContain(`${BASE}/ps/academy/register`)
    expect(locs).toContain(`${BASE}/fa`)
  })

  it('uses the sitemap namespace and xhtml:link alternates', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">')
    expect(xml.match(/<xhtml:link /g)).toHaveLength(PUBLIC_PATHS.length * 3 * 4)
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${BASE}/clinic/services"/>`)
  })

  it('escapes XML special characters', () => {
    expect(sitemapXml('https://a.af/?x=1&y=2', ['/'])).toContain('<loc>https://a.af/?x=1&amp;y=2/</loc>')
  })
})

describe('robots.txt', () => {
  it('keeps /admin out and points to the sitemap', () => {
    const robots = robotsTxt(BASE)
    expect(robots).toMatch(/^User-agent: \*$/m)
    expect(robots).toMatch(/^Disallow: \/admin$/m)
    expect(robots).toContain(`Sitemap: ${BASE}/sitemap.xml`)
  })
})

describe('structured data', () => {
  const facts = {
    publicUrl: BASE,
    locale: 'fa' as const,
    name: 'Clinic',
    phone: '+93 70 000 0000',
    email: 'clinic@example.com',
    streetAddress: 'منزل سوم',
    postalCode: '1005',
  }

  it('describes the clinic as a schema.org Dentist with address, phone and opening hours', () => {
    const data = dentistJsonLd({ ...facts, latitude: 34.5, longitude: 69.2 })
    expect(data['@type']).toBe('Dentist')
    expect(data.telephone).toBe('+93700000000')
    expect(data.url).toBe(`${BASE}/fa/clinic`)
    expect(data.address).toMatchObject({ addressLocality: 'کابل', postalCode: '1005', addressCountry: 'AF' })
    const [hours] = data.openingHoursSpecification
    expect(hours!.opens).toBe('08:00')
    expect(hours!.closes).toBe('17:00')
    expect(hours!.dayOfWeek).not.toContain('https://schema.org/Friday')
    expect(hours!.dayOfWeek).toHaveLength(6)
  })

  it('describes the academy and its courses, with a fee where one is published', () => {
    const data = academyJsonLd(facts, [
      { id: 'radiology', name: 'Radiology', description: 'Imaging', feeAfn: 25_000, online: false },
      { id: 'diplomaDentistry', name: 'Diploma', description: 'Two years', feeAfn: null, online: false },
    ])
    const [org, radiology, diploma] = data['@graph'] as Array<Record<string, unknown>>
    expect(org!['@type']).toBe('EducationalOrganization')
    expect(org).toMatchObject({ inLanguage: 'fa-AF', address: { addressLocality: 'کابل' } })
    expect(radiology).toMatchObject({ '@type': 'Course', offers: { price: 25000, priceCurrency: 'AFN' }, provider: { '@id': org!['@id'] } })
    expect(diploma!.offers).toBeUndefined()
  })

  it.each([
    ['en', 'en', 'Kabul'],
    ['fa', 'fa-AF', 'کابل'],
    ['ps', 'ps-AF', 'کابل'],
  ] as const)('names the language (%s: %s) and writes the city in it (%s) in every entry', (locale, tag, city) => {
    const dentist = dentistJsonLd({ ...facts, locale })
    expect(dentist).toMatchObject({ inLanguage: tag, address: { addressLocality: city } })
    const [org, course] = academyJsonLd({ ...facts, locale }, [
      { id: 'radiology', name: 'Radiology', description: 'Imaging', feeAfn: 25_000, online: false },
    ])['@graph'] as Array<Record<string, unknown>>
    expect(org).toMatchObject({ inLanguage: tag, address: { addressLocality: city } })
    expect(course).toMatchObject({ inLanguage: tag, hasCourseInstance: { location: { address: { addressLocality: city } } } })
  })

  it('serializes so that no text can close the script element', () => {
    const json = serializeJsonLd({ name: '</script><script>alert(1)</script>' })
    expect(json).not.toContain('<')
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' })
  })

  it('writes phones in international form', () => {
    expect(internationalPhone('+93 70 123 4567')).toBe('+93701234567')
    expect(internationalPhone('0701234567')).toBe('+93701234567')
    expect(internationalPhone('0093 70 123 4567')).toBe('+93701234567')
  })
})
