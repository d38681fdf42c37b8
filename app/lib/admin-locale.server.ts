import { LOCALE_COOKIE, type Locale } from './i18n'
import { fa } from '~/locales/fa'
import { ps } from '~/locales/ps'
import { readCookie } from './sessions.server'

/**
 * The admin panel's language: English, or Dari / Pashto when the staff member's language cookie
 * says so and admin strings exist in that language (missing ones fall back to English).
 */
export function adminLocale(request: Request): Locale {
  const lang = readCookie(request, LOCALE_COOKIE)
  if (lang === 'fa' && fa.admin) return 'fa'
  if (lang === 'ps' && ps.admin) return 'ps'
  return 'en'
}

export function isAdminPath(request: Request): boolean {
  const { pathname } = new URL(request.url)
  return pathname === '/admin' || pathname.startsWith('/admin/') || pathname.startsWith('/admin.')
}
