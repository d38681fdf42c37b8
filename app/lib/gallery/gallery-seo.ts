/** The gallery page's schema.org JSON-LD: an ImageGallery of the photos the public may see. */
import { LOCALE_INFO, localizePath, type Locale } from '../i18n/locale'
import { absoluteUrl, serializeJsonLd } from '../seo/seo'
import type { GalleryAlbum, GalleryPhoto } from './gallery.server'

const GALLERY_PATH = '/clinic/gallery'

export function galleryJsonLd(albums: GalleryAlbum[], locale: Locale, publicUrl: string, name: string, siteName: string): string {
  const url = absoluteUrl(publicUrl, localizePath(GALLERY_PATH, locale))
  const photo = (p: GalleryPhoto) => ({
    '@type': 'ImageObject',
    contentUrl: absoluteUrl(publicUrl, p.large),
    caption: p.caption || undefined,
    description: p.image.alt || undefined,
    url: `${url}#photo-${p.id}`,
  })
  return serializeJsonLd({
    '@context': 'https://schema.org',
    '@type': 'ImageGallery',
    name,
    url,
    inLanguage: LOCALE_INFO[locale].tag,
    publisher: { '@type': 'Dentist', name: siteName, url: absoluteUrl(publicUrl, localizePath('/clinic', locale)) },
    hasPart: albums.map((album) => ({
      '@type': 'ImageGallery',
      name: album.title,
      description: album.description || undefined,
      image: album.photos.flatMap((p) => (p.after ? [photo(p), photo(p.after)] : [photo(p)])),
    })),
  })
}
