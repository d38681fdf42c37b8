import { OfflinePage } from '~/components/offline-page'
import { DEFAULT_LOCALE, localeFromParam } from '~/lib/i18n/locale'
import { phoneQrCodeSvg } from '~/lib/contact/qr-code.server'
import { getSiteSettings } from '~/lib/site/published-site.server'
import { format, messagesFor } from '~/locales'
import type { Route } from './+types/offline'

// Kept by the service worker and shown in place of a page it never kept, without its scripts
// (service-worker/sw.ts): nothing on it needs them.

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.texts.title }, { name: 'robots', content: 'noindex' }] : []

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? DEFAULT_LOCALE
  const settings = await getSiteSettings(context)
  const label = format(messagesFor(locale).clinic.contactPage.qrAlt, { phone: settings.phone })
  // The texts come with the page, not with every page's messages: only this page shows them.
  return { qrSvg: await phoneQrCodeSvg(settings.phone, label), texts: messagesFor(locale).offline }
}

export default function Offline({ loaderData }: Route.ComponentProps) {
  return <OfflinePage qrSvg={loaderData.qrSvg} texts={loaderData.texts} />
}
