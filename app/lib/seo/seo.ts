/**
 * Search engines and sharing: the public page list, absolute URLs from PUBLIC_URL, canonical and
 * hreflang alternates, Open Graph tags, the sitemap, robots.txt and JSON-LD structured data.
 * Pure functions: the root layout, the sitemap and robots routes and the tests all use them.
 */
import { LOCALES, LOCALE_INFO, localizePath, type Locale } from '../i18n/locale'
import { OPENING_HOURS, CITY } from '../site/site-data'

/** Every public page, unprefixed (English); each exists in every language. A test holds it to app/routes.ts. */
export const PUBLIC_PATHS = [
  '/',
  '/login',
  '/clinic',
  '/clinic/services',
  '/clinic/about',
  '/clinic/team',
  '/clinic/appointment',
  '/clinic/contact',
  '/clinic/gallery',
  '/clinic/blog',
  '/academy',
  '/academy/courses',
  '/academy/faculty',
  '/academy/news',
  '/academy/register',
] as const
export type PublicPath = (typeof PUBLIC_PATHS)[number]

export function isPublicPath(path: string): path is PublicPath {
  return (PUBLIC_PATHS as readonly string[]).includes(path)
}

const POST_PAGE = /^\/(clinic\/blog|academy\/news)\/(\d{1,9})(?:-[a-z0-9]+(?:-[a-z0-9]+)*)?$/

/**
 * A post's page, by its address without the language prefix ('/clinic/blog/12-brushing-twice-a-day'):
 * a public page listed from the database (the sitemap's post entries), not in PUBLIC_PATHS.
 */
export function isPostPagePath(path: string): boolean {
  return POST_PAGE.test(path)
}

/** An absolute URL on the public site: absoluteUrl('https://x.af', '/fa/clinic'). */
export function absoluteUrl(publicUrl: string, path: string): string {
  const base = publicUrl.replace(/\/+$/, '')
  return path === '/' ? `${base}/` : `${base}${path}`
}

export interface Alternate {
  /** 'en', 'fa-AF', 'ps-AF' or 'x-default' */
  hreflang: string
  href: string
}

/** The page in every language plus x-default (English, which serves crawlers without a language). */
export function alternates(path: string, publicUrl: string): Alternate[] {
  const links = LOCALES.map((locale) => ({
    hreflang: LOCALE_INFO[locale].tag,
    href: absoluteUrl(publicUrl, localizePath(path, locale)),
  }))
  return [...links, { hreflang: 'x-default', href: absoluteUrl(publicUrl, path) }]
}

/** Open Graph locale names (underscore form). */
const OG_LOCALE: Record<Locale, string> = { en: 'en_US', fa: 'fa_AF', ps: 'ps_AF' }

export type HeadDescriptor =
  { tagName: 'link'; rel: string; href: string; hrefLang?: string } | { tagName: 'meta'; property?: string; name?: string; content: string }

/**
 * The head tags that tie a page to its language versions: canonical, hreflang alternates and
 * the Open Graph URL, locale, site name and type. (Title and description come from each page.)
 */
export function seoHeadTags({
  path,
  locale,
  publicUrl,
  siteName,
}: {
  path: string
  locale: Locale
  publicUrl: string
  siteName: string
}): HeadDescriptor[] {
  const url = absoluteUrl(publicUrl, localizePath(path, locale))
  return [
    { tagName: 'link', rel: 'canonical', href: url },
    ...alternates(path, publicUrl).map((alt): HeadDescriptor => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: alt.hreflang,
      href: alt.href,
    })),
    { tagName: 'meta', property: 'og:type', content: 'website' },
    { tagName: 'meta', property: 'og:url', content: url },
    { tagName: 'meta', property: 'og:site_name', content: siteName },
    { tagName: 'meta', property: 'og:locale', content: OG_LOCALE[locale] },
    ...LOCALES.filter((other) => other !== locale).map((other): HeadDescriptor => ({
      tagName: 'meta',
      property: 'og:locale:alternate',
      content: OG_LOCALE[other],
    })),
    { tagName: 'meta', name: 'twitter:card', content: 'summary' },
  ]
}

// ---------------------------------------------------------------------------------------------
// Sitemap and robots.txt
// ---------------------------------------------------------------------------------------------

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
}

/** A page the sitemap lists besides the fixed ones (a post): its address per language it exists in. */
export interface SitemapPage {
  /** Unprefixed-language paths by language ('/fa/clinic/blog/12' for Dari), only the languages it exists in. */
  paths: Partial<Record<Locale, string>>
  /** The language of x-default. */
  fallback: Locale
  lastmod?: string
}

/** sitemap.xml: every public page in every language, each with its xhtml:link alternates, then the posts in their languages. */
export function sitemapXml(publicUrl: string, paths: readonly string[] = PUBLIC_PATHS, pages: readonly SitemapPage[] = []): string {
  const entries: string[] = []
  for (const path of paths) {
    const links = alternates(path, publicUrl)
      .map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${escapeXml(alt.href)}"/>`)
      .join('\n')
    for (const locale of LOCALES) {
      const loc = absoluteUrl(publicUrl, localizePath(path, locale))
      entries.push(`  <url>\n    <loc>${escapeXml(loc)}</loc>\n${links}\n  </url>`)
    }
  }
  for (const page of pages) {
    const languages = LOCALES.filter((locale) => page.paths[locale])
    const links = [
      ...languages.map((locale) => ({ hreflang: LOCALE_INFO[locale].tag, href: absoluteUrl(publicUrl, page.paths[locale]!) })),
      { hreflang: 'x-default', href: absoluteUrl(publicUrl, page.paths[page.fallback] ?? page.paths[languages[0]!]!) },
    ]
      .map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${escapeXml(alt.href)}"/>`)
      .join('\n')
    const lastmod = page.lastmod ? `\n    <lastmod>${escapeXml(page.lastmod)}</lastmod>` : ''
    for (const locale of languages) {
      entries.push(`  <url>\n    <loc>${escapeXml(absoluteUrl(publicUrl, page.paths[locale]!))}</loc>${lastmod}\n${links}\n  </url>`)
    }
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    entries.join('\n') +
    '\n</urlset>\n'
  )
}

/** robots.txt: everything public may be crawled; the admin area and the form endpoints may not. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /set-language',
    'Allow: /',
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n')
}

// ---------------------------------------------------------------------------------------------
// Structured data (schema.org JSON-LD)
// ---------------------------------------------------------------------------------------------

/**
 * JSON for a <script type="application/ld+json">: '<' is escaped so a '</script>' inside a text
 * can never end the element, and the two line separators JavaScript once rejected are escaped too.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

const SCHEMA_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

function openingHoursSpecification() {
  return [
    {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: OPENING_HOURS.openDays.map((day) => `https://schema.org/${SCHEMA_DAYS[day]}`),
      opens: OPENING_HOURS.opens,
      closes: OPENING_HOURS.closes,
    },
  ]
}

/** A phone number in international form for structured data: '+93 70 000 0000' → '+93700000000'. */
export function internationalPhone(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '')
  if (digits.startsWith('+')) return digits
  if (digits.startsWith('00')) return `+${digits.slice(2)}`
  if (digits.startsWith('0')) return `+93${digits.slice(1)}`
  return digits
}

export interface OrganizationFacts {
  publicUrl: string
  locale: Locale
  name: string
  description?: string
  phone: string
  email: string
  streetAddress: string
  /** From the settings; empty when unknown, and then left out. */
  postalCode?: string
  latitude?: number
  longitude?: number
}

/** The city as each language writes it: a Dari or Pashto page names it in its own script. */
const CITY_NAME: Record<Locale, string> = { en: CITY, fa: 'کابل', ps: 'کابل' }

function postalAddress({ streetAddress, postalCode, locale }: Pick<OrganizationFacts, 'streetAddress' | 'postalCode' | 'locale'>) {
  return {
    '@type': 'PostalAddress',
    streetAddress,
    addressLocality: CITY_NAME[locale],
    ...(postalCode ? { postalCode } : {}),
    addressCountry: 'AF',
  }
}

/** schema.org Dentist for the clinic pages. */
export function dentistJsonLd(facts: OrganizationFacts) {
  const url = absoluteUrl(facts.publicUrl, localizePath('/clinic', facts.locale))
  return {
    '@context': 'https://schema.org',
    '@type': 'Dentist',
    '@id': `${absoluteUrl(facts.publicUrl, '/clinic')}#dentist`,
    name: facts.name,
    ...(facts.description ? { description: facts.description } : {}),
    url,
    inLanguage: LOCALE_INFO[facts.locale].tag,
    telephone: internationalPhone(facts.phone),
    email: facts.email,
    address: postalAddress(facts),
    ...(facts.latitude !== undefined && facts.longitude !== undefined
      ? { geo: { '@type': 'GeoCoordinates', latitude: facts.latitude, longitude: facts.longitude } }
      : {}),
    openingHoursSpecification: openingHoursSpecification(),
  }
}

export interface CourseFacts {
  id: string
  name: string
  /** Left out when empty (a course staff added has no description). */
  description: string
  /** The published fee in Afghani (null: none published). */
  feeAfn: number | null
  online: boolean
}

/** schema.org EducationalOrganization for the academy pages, and a Course for each course given. */
export function academyJsonLd(facts: OrganizationFacts, courses: readonly CourseFacts[] = []) {
  const orgId = `${absoluteUrl(facts.publicUrl, '/academy')}#organization`
  const organization = {
    '@type': 'EducationalOrganization',
    '@id': orgId,
    name: facts.name,
    ...(facts.description ? { description: facts.description } : {}),
    url: absoluteUrl(facts.publicUrl, localizePath('/academy', facts.locale)),
    inLanguage: LOCALE_INFO[facts.locale].tag,
    telephone: internationalPhone(facts.phone),
    email: facts.email,
    address: postalAddress(facts),
  }
  const courseNodes = courses.map((course) => {
    const fee = course.feeAfn
    return {
      '@type': 'Course',
      '@id': `${absoluteUrl(facts.publicUrl, '/academy/courses')}#${course.id}`,
      name: course.name,
      ...(course.description ? { description: course.description } : {}),
      inLanguage: LOCALE_INFO[facts.locale].tag,
      url: absoluteUrl(facts.publicUrl, localizePath('/academy/courses', facts.locale)),
      provider: { '@id': orgId },
      ...(fee != null ? { offers: { '@type': 'Offer', category: 'Paid', price: fee, priceCurrency: 'AFN' } } : {}),
      hasCourseInstance: {
        '@type': 'CourseInstance',
        courseMode: course.online ? 'online' : 'onsite',
        ...(course.online ? {} : { location: { '@type': 'Place', name: facts.name, address: postalAddress(facts) } }),
      },
    }
  })
  return { '@context': 'https://schema.org', '@graph': [organization, ...courseNodes] }
}
