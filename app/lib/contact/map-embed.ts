import type { Locale } from '../i18n/locale'

/** Where the embedded map comes from; the contact page's Content-Security-Policy allows frames from here. */
export const MAP_EMBED_ORIGIN = 'https://www.google.com'

/**
 * The Google Maps Embed API address of a place: a marker at the coordinates, labels in the page's
 * language. The API key is part of this address by design (the Embed API has no other way).
 */
export function mapEmbedUrl(apiKey: string, latitude: number, longitude: number, locale: Locale): string {
  const url = new URL('/maps/embed/v1/place', MAP_EMBED_ORIGIN)
  url.searchParams.set('key', apiKey)
  url.searchParams.set('q', `${latitude.toFixed(6)},${longitude.toFixed(6)}`)
  url.searchParams.set('zoom', '16')
  url.searchParams.set('language', locale)
  return url.toString()
}
