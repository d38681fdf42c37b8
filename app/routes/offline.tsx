import { OfflinePage } from '~/components/offline-page'
import { DEFAULT_LOCALE, localeFromParam } from '~/lib/i18n/locale'
import { phoneQrCodeSvg } from '~/lib/contact/qr-code.server'
import { getSiteSettings } from '~/lib/site/published-site.server'
import type { OfflineHandle } from '~/lib/offline/saved-pages'
import { format, messagesFor } from '~/locales'
import type { Route } from './+types/offline'

/** Kept by the service worker and shown in place of a page it never kept; it carries no script. */
export const handle: OfflineHandle = { scripts: false }

export const meta: Route.MetaFunction = ({ matches }) => {
  const messages = matches[0]?.loaderData?.messages
  return messages ? [{ title: messages.common.offline.title }, { name: 'robots', content: 'noindex' }] : []
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? DEFAULT_LOCALE
  const settings = await getSiteSettings(context)
  const label = format(messagesFor(locale).clinic.contactPage.qrAlt, { phone: settings.phone })
  return { qrSvg: await phoneQrCodeSvg(settings.phone, label) }
}

export default function Offline({ loaderData }: Route.ComponentProps) {
  return <OfflinePage qrSvg={loaderData.qrSvg} />
}
