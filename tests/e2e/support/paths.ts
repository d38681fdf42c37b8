/** Every public page of the site, in the three languages. Specs import these instead of listing URLs. */

// The public pages at their English (unprefixed) paths: the site's own list (also the sitemap's),
// which app/lib/seo/seo.test.ts holds to app/routes.ts.
import { PUBLIC_PATHS, type PublicPath } from '~/lib/seo/seo'

export { PUBLIC_PATHS, type PublicPath }

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
