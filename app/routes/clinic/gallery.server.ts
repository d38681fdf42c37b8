import { DEFAULT_LOCALE, localeFromParam } from '~/lib/i18n/locale'
import { publicGallery } from '~/lib/gallery/gallery.server'
import { galleryJsonLd } from '~/lib/gallery/gallery-seo'
import { database } from '~/lib/platform/db.server'
import { env } from '~/lib/platform/env.server'
import { messagesFor, siteTexts } from '~/locales'
import type { Route } from './+types/gallery'

/** The published albums with the photos the public may see, and their ImageGallery JSON-LD; none: the placeholder. */
export async function galleryLoader({ params }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? DEFAULT_LOCALE
  const albums = await publicGallery(await database(), locale)
  const messages = messagesFor(locale)
  const jsonLd = albums.length
    ? galleryJsonLd(albums, locale, env().PUBLIC_URL, siteTexts(messages, 'clinic').galleryPage.title, messages.common.brand.clinicName)
    : null
  return { albums, jsonLd }
}
