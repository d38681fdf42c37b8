import type { Locale } from '../i18n/locale'

/**
 * The admin panel's language: English only, as the admin and editor strings are not translated
 * yet. It takes the request so that, once they are, the staff member's language cookie can decide
 * here without changing the callers.
 */
export function adminLocale(_request: Request): Locale {
  return 'en'
}

export function isAdminPath(request: Request): boolean {
  const { pathname } = new URL(request.url)
  return pathname === '/admin' || pathname.startsWith('/admin/') || pathname.startsWith('/admin.')
}
