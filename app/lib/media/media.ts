/** Limits and addresses of uploaded images, shared by the media screen, the server and the public pages. */

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
/** Neither side of an uploaded image may be larger. */
export const MAX_IMAGE_SIDE = 4096
/** The widths of the WebP variants served to browsers (never larger than the upload). */
const VARIANT_WIDTHS = [480, 960, 1600] as const
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

/** A stored image's file name: content-hashed, so it can be cached for a year. */
export const MEDIA_FILE = /^([a-f0-9]{20})-(\d{1,4})\.webp$/

export function mediaFileName(name: string, width: number): string {
  return `${name}-${width}.webp`
}

export function mediaUrl(name: string, width: number): string {
  return `/media/${mediaFileName(name, width)}`
}

/** The widths to make for an image `width` pixels wide: the standard ones below it, and at most its own. */
export function variantWidths(width: number): number[] {
  const widths = new Set<number>()
  for (const standard of VARIANT_WIDTHS) widths.add(Math.min(standard, width))
  return [...widths].sort((a, b) => a - b)
}

export interface ImageSource {
  name: string
  width: number
  height: number
  widths: number[]
}

/** `srcset` for an image's variants. */
export function mediaSrcSet(image: ImageSource): string {
  return image.widths.map((width) => `${mediaUrl(image.name, width)} ${width}w`).join(', ')
}

/** The variant to use as `src`: the smallest that is at least `preferred` wide, else the largest. */
export function mediaSrc(image: ImageSource, preferred = 960): string {
  const width = image.widths.find((w) => w >= preferred) ?? image.widths[image.widths.length - 1]!
  return mediaUrl(image.name, width)
}

/** The height of a variant `width` wide, keeping the image's proportions. */
export function scaledHeight(image: ImageSource, width: number): number {
  return Math.max(1, Math.round((image.height * width) / image.width))
}
