/**
 * Which other language an English page suggests to its visitor: Dari or Pashto when that is the
 * language they chose on the switcher (the `lang` cookie) or, without a choice, their browser's
 * first (Accept-Language), as `/` decides; none for a visitor who closed the notice, for search
 * engines, and on the Dari and Pashto pages. Deep links are never redirected: the page stays where
 * the link points and shows a notice (components/language-notice.tsx).
 *
 * The root loader and the page cache both ask, so a cached English page exists in at most three
 * copies (no notice, Dari, Pashto) and every copy is answered with `Vary: Cookie, Accept-Language`.
 */
import { isbot } from 'isbot'
import { noticeDismissed, preferredLocale } from './language-notice'
import type { Locale } from './locale'

export type SuggestedLocale = Exclude<Locale, 'en'>

/** The request headers a page that may suggest a language depends on (the User-Agent only matters to crawlers). */
export const SUGGESTION_VARY = 'Cookie, Accept-Language'

/**
 * Whether the page at this address may suggest a language: the English pages, their not-found pages
 * included. Not `/`, which sends the visitor to their language instead, nor the Dari, Pashto and
 * staff pages, nor files (sitemap.xml, robots.txt, uploaded images). A data request is asked about
 * by its page's address (`pagePathOf`, lib/platform/data-requests.ts), as loaders see it.
 */
export function mayOfferLanguage(page: string): boolean {
  if (page === '/' || page === '') return false
  if (/^\/(fa|ps|admin)(\/|$)/.test(page)) return false
  if (page === '/set-language') return false
  return !page.slice(page.lastIndexOf('/') + 1).includes('.')
}

/** The language the page at `page` suggests to the visitor whose request headers `header` reads, or null. */
export function suggestedLocale(page: string, header: (name: string) => string | null | undefined): SuggestedLocale | null {
  if (!mayOfferLanguage(page)) return null
  const cookie = header('cookie')
  if (noticeDismissed(cookie)) return null
  const preferred = preferredLocale(cookie, header('accept-language'))
  if (preferred !== 'fa' && preferred !== 'ps') return null
  // Crawlers index the page as it is: a notice in another language would only blur its text.
  const agent = header('user-agent')
  return agent && isbot(agent) ? null : preferred
}
