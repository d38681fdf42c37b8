import { eq } from 'drizzle-orm'
import { staff } from '~db/schema'
import { isLocale, LOCALE_COOKIE, type Locale } from '../i18n/locale'
import { pagePathOf } from '../platform/data-requests'
import type { Database } from '../platform/db.server'
import { isStaffPath } from '../platform/staff-path'
import { isSecureRequest, readCookie } from './sessions.server'

/** The staff member's admin language: set by the language switch and at sign-in from their account. */
const ADMIN_LOCALE_COOKIE = 'admin_lang'
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

/**
 * The admin panel's language: the staff member's own choice (`admin_lang`), else the language they
 * read the public site in (`lang`), else English.
 */
export function adminLocale(request: Request): Locale {
  const own = readCookie(request, ADMIN_LOCALE_COOKIE)
  if (isLocale(own)) return own
  const site = readCookie(request, LOCALE_COOKIE)
  return isLocale(site) ? site : 'en'
}

/** The Set-Cookie value that keeps an admin language in this browser (only the admin panel reads it). */
export function adminLocaleCookie(request: Request, locale: Locale): string {
  return `${ADMIN_LOCALE_COOKIE}=${locale}; Path=/admin; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${isSecureRequest(request) ? '; Secure' : ''}`
}

/** Keeps the language on the account, so it follows the staff member to every browser they sign in from. */
export async function saveStaffLocale(db: Database, staffId: number, locale: Locale): Promise<void> {
  await db.update(staff).set({ locale }).where(eq(staff.id, staffId))
}

/** An account's saved language, when it is one the panel speaks. */
export function savedLocale(value: string | null | undefined): Locale | null {
  return isLocale(value) ? value : null
}

export function isAdminPath(request: Request): boolean {
  const { pathname } = new URL(request.url)
  // '/admin.data' is the data of '/admin'.
  return isStaffPath(pagePathOf(pathname))
}

/**
 * Where the language switch goes back to: the same admin page (path and query), never another site.
 * Addresses are sent in printable ASCII; anything else goes to the dashboard.
 */
export function adminReturnPath(value: unknown): string {
  const target = typeof value === 'string' ? value : ''
  return /^\/admin(?:[/?][\x21-\x7e]*)?$/.test(target) && !/[\\]|\/\//.test(target) ? target : '/admin/dashboard'
}
