import { data } from 'react-router'
import { DEFAULT_LOCALE, localeFromParam } from '~/lib/i18n/locale'
import { phoneQrCodeSvg } from '~/lib/contact/qr-code.server'
import { getMapEmbedUrl, getSiteSettings } from '~/lib/site/published-site.server'
import { MAP_EMBED_ORIGIN } from '~/lib/contact/map-embed'
import { contentSecurityPolicy } from '~/lib/platform/content-security-policy'
import { requestInfo } from '~/lib/platform/request-context'
import { format, messagesFor } from '~/locales'
import { isolateLtr } from '~/lib/i18n/bidi'
import type { Route } from './+types/contact'

/** The QR code is drawn here, on the server: the browser receives finished SVG and no QR library. */
export async function contactLoader({ params, context, request }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? DEFAULT_LOCALE
  const [settings, mapUrl] = await Promise.all([getSiteSettings(context), getMapEmbedUrl(locale, context)])
  const label = format(messagesFor(locale).clinic.contactPage.qrAlt, { phone: isolateLtr(settings.phone, locale) })
  // With the maps integration on, this page (and only this one) may show the map's frame.
  const headers: HeadersInit = mapUrl
    ? {
        'Content-Security-Policy': contentSecurityPolicy(context.get(requestInfo).nonce, {
          https: new URL(request.url).protocol === 'https:',
          frameSrc: [MAP_EMBED_ORIGIN],
        }),
      }
    : {}
  return data({ qrSvg: await phoneQrCodeSvg(settings.phone, label), mapUrl }, { headers })
}
