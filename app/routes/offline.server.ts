import { DEFAULT_LOCALE, localeFromParam } from '~/lib/i18n/locale'
import { phoneQrCodeSvg } from '~/lib/contact/qr-code.server'
import { getSiteSettings } from '~/lib/site/published-site.server'
import { format, messagesFor } from '~/locales'
import type { Route } from './+types/offline'

export async function offlineLoader({ params, context }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? DEFAULT_LOCALE
  const settings = await getSiteSettings(context)
  const label = format(messagesFor(locale).clinic.contactPage.qrAlt, { phone: settings.phone })
  // The texts come with the page, not with every page's messages: only this page shows them.
  return { qrSvg: await phoneQrCodeSvg(settings.phone, label), texts: messagesFor(locale).offline }
}
