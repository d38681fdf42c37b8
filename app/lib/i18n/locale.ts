export const LOCALES = ['en', 'fa', 'ps'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

interface LocaleInfo {
  /** BCP 47 tag for <html lang> and hreflang. */
  tag: string
  dir: 'ltr' | 'rtl'
  /** URL prefix; English lives at the unprefixed paths. */
  prefix: string
  /** The language's own name, shown in the switcher. */
  nativeName: string
}

export const LOCALE_INFO: Record<Locale, LocaleInfo> = {
  en: { tag: 'en', dir: 'ltr', prefix: '', nativeName: 'English' },
  fa: { tag: 'fa-AF', dir: 'rtl', prefix: '/fa', nativeName: 'دری' },
  ps: { tag: 'ps-AF', dir: 'rtl', prefix: '/ps', nativeName: 'پښتو' },
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** The locale of a `:lang?` route parameter: undefined is English, an unknown value is null. */
export function localeFromParam(lang: string | undefined): Locale | null {
  if (lang === undefined) return DEFAULT_LOCALE
  return lang === 'fa' || lang === 'ps' ? lang : null
}

/** Splits a pathname into its locale and the path without the prefix ('/fa/clinic' → fa, '/clinic'). */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const match = /^\/(fa|ps)(?=\/|$)/.exec(pathname)
  if (!match) return { locale: DEFAULT_LOCALE, path: pathname || '/' }
  const rest = pathname.slice(match[0].length)
  return { locale: match[1] as Locale, path: rest === '' ? '/' : rest }
}

/** A path in the given locale: localizePath('/clinic', 'fa') === '/fa/clinic'. */
export function localizePath(path: string, locale: Locale): string {
  const prefix = LOCALE_INFO[locale].prefix
  if (!prefix) return path
  return path === '/' ? prefix : `${prefix}${path}`
}

/** Picks a locale from an Accept-Language header; `prs` is Dari. Null when none is offered. */
export function localeFromAcceptLanguage(header: string | null): Locale | null {
  if (!header) return null
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().toLowerCase().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { range: range.trim(), q: q ? Number(q.slice(2)) : 1, index }
    })
    .filter((entry) => entry.range && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const { range } of ranked) {
    const primary = range.split('-')[0]
    if (primary === 'fa' || primary === 'prs') return 'fa'
    if (primary === 'ps' || primary === 'pbt' || primary === 'pbu') return 'ps'
    if (primary === 'en') return 'en'
  }
  return null
}

export const LOCALE_COOKIE = 'lang'

/**
 * The query a link to the same page in another language keeps: the page's own, without React
 * Router's `index` (the form action of an index route, '/clinic?index', is where a form sent
 * without JavaScript lands), so that every address of a page shows the same links.
 */
export function pageQuery(search: string): string {
  const params = new URLSearchParams(search)
  params.delete('index')
  const query = params.toString()
  return query ? `?${query}` : ''
}
