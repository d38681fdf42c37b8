import { adminLocale } from '~/lib/staff/admin-locale.server'
import { LOCALE_INFO } from '~/lib/i18n/locale'
import { messagesFor } from '~/locales'

/** The admin strings and direction for pages outside the signed-in layout (login, setup). */
export function adminPageLocale(request: Request) {
  const locale = adminLocale(request)
  return { locale, dir: LOCALE_INFO[locale].dir, tag: LOCALE_INFO[locale].tag, messages: messagesFor(locale).admin }
}
