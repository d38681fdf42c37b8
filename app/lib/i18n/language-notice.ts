/**
 * The visitor's language preference as `/` reads it, and the cookie that hides the notice an English
 * page shows to a Dari or Pashto reader (docs/decisions/006-page-caching.md, "Pages per visitor").
 * Plain code for server and browser; which language a page suggests is decided on the server
 * (`language-suggestion.server.ts`).
 */
import { LOCALE_COOKIE, isLocale, localeFromAcceptLanguage, type Locale } from './locale'

/** Set when a visitor closes the notice; it then stays away on every page. */
const LANGUAGE_NOTICE_COOKIE = 'lang_notice'

/** How long the language choice and the closed notice are remembered. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365

/** The Set-Cookie value (or `document.cookie` assignment) that closes the notice for good. */
export const DISMISSED_NOTICE_COOKIE = `${LANGUAGE_NOTICE_COOKIE}=closed; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`

/** One cookie's value from a Cookie header: cookieValue('a=1; lang=fa', 'lang') === 'fa'. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=')
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim()
  }
  return undefined
}

/** The language a visitor prefers: the one they chose on the switcher, else their browser's; null when neither says. */
export function preferredLocale(cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): Locale | null {
  const saved = cookieValue(cookieHeader, LOCALE_COOKIE)
  return isLocale(saved) ? saved : localeFromAcceptLanguage(acceptLanguage ?? null)
}

/** Whether the visitor has closed the notice. */
export function noticeDismissed(cookieHeader: string | null | undefined): boolean {
  return cookieValue(cookieHeader, LANGUAGE_NOTICE_COOKIE) !== undefined
}
