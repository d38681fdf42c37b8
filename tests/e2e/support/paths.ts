/** Every public page of the site, in the three languages. Specs import these instead of listing URLs. */

/** The public pages at their English (unprefixed) paths. */
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

export const LOCALES = ['en', 'fa', 'ps'] as const
export type Locale = (typeof LOCALES)[number]

/** The public pages that carry a form. */
export const FORM_PATHS: readonly PublicPath[] = ['/clinic/appointment', '/academy/register']

/** A public path in one language: English unprefixed, Dari under /fa, Pashto under /ps. */
export function localizedPath(path: PublicPath | string, locale: Locale): string {
  if (locale === 'en') return path
  return path === '/' ? `/${locale}` : `/${locale}${path}`
}

export interface PublicPage {
  url: string
  path: PublicPath
  locale: Locale
  /** The <html lang> of the page. */
  lang: 'en' | 'fa-AF' | 'ps-AF'
  dir: 'ltr' | 'rtl'
}

const LANG_TAGS = { en: 'en', fa: 'fa-AF', ps: 'ps-AF' } as const

/** Every public page in every language (45 pages). */
export const PUBLIC_PAGES: readonly PublicPage[] = LOCALES.flatMap((locale) =>
  PUBLIC_PATHS.map((path) => ({
    url: localizedPath(path, locale),
    path,
    locale,
    lang: LANG_TAGS[locale],
    dir: locale === 'en' ? ('ltr' as const) : ('rtl' as const),
  })),
)
