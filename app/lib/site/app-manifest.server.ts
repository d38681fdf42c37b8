/**
 * The web app manifest of each language and site, and its icons (docs/decisions/022-offline.md):
 * installed from /fa/clinic, the app opens the Dari clinic. The icons are made with sharp from the
 * published logo of the site, or the site's default mark, on the theme's colour; their address
 * carries a version made from what they are drawn from, so they are cached for a year.
 */
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { LOCALE_INFO, localizePath, type Locale } from '../i18n/locale'
import { mediaFileName } from '../media/media'
import { mediaStorage } from '../media/storage.server'
import { messagesFor } from '~/locales'
import { getPublicMessages, getSiteData } from './published-site.server'
import { themeColors, type ThemeSite } from './theme'
import type { SlotImage } from './stored-site.server'

const ICON_SIZES = [192, 512] as const
export type IconSize = (typeof ICON_SIZES)[number]
export type IconPurpose = 'any' | 'maskable'

/** `/app-icon/clinic-maskable-512.png`: the site, the purpose and the size. */
export const ICON_FILE = /^(clinic|academy)-(any|maskable)-(192|512)\.png$/

/** The site's mark (public/favicon.svg), drawn in the site's colour when no logo is published. */
const DEFAULT_MARK =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="{color}"/><path fill="none" stroke="#fff" stroke-width="2.2" stroke-linejoin="round" d="M11 7c-2.5 0-4 2-4 4.5 0 3 1.5 4.5 2 7 .5 3 1 6.5 2.5 6.5S13.5 21 14 19c.3-1.2 1-2 2-2s1.7.8 2 2c.5 2 1 6 2.5 6s2-3.5 2.5-6.5c.5-2.5 2-4 2-7C25 9 23.5 7 21 7c-2 0-3 1-5 1s-3-1-5-1z"/></svg>'

const LOGO_SLOT: Record<ThemeSite, 'clinicLogo' | 'academyLogo'> = { clinic: 'clinicLogo', academy: 'academyLogo' }

interface IconSource {
  /** The published logo (its largest variant), or null for the default mark. */
  logo: SlotImage | null
  color: string
}

async function iconSource(site: ThemeSite, context?: object): Promise<IconSource> {
  const data = await getSiteData(context)
  return { logo: data.media[LOGO_SLOT[site]] ?? null, color: themeColors(data.theme)[site] }
}

/** A short version of what the icons are drawn from: a new logo or colour is a new address. */
function iconVersion(source: IconSource): string {
  return createHash('sha256')
    .update(JSON.stringify([source.logo?.name ?? 'default', source.color]))
    .digest('hex')
    .slice(0, 12)
}

function iconPath(site: ThemeSite, purpose: IconPurpose, size: IconSize, version: string): string {
  return `/app-icon/${site}-${purpose}-${size}.png?v=${version}`
}

/** The manifest of a language and a site, as the browser reads it. */
export async function appManifest(locale: Locale, site: ThemeSite, context?: object) {
  const messages = await getPublicMessages({ common: messagesFor(locale).common }, locale, context)
  const names = messagesFor(locale).offline.app
  const source = await iconSource(site, context)
  const version = iconVersion(source)
  const start = localizePath(`/${site}`, locale)
  const icons = (['any', 'maskable'] as const).flatMap((purpose) =>
    ICON_SIZES.map((size) => ({ src: iconPath(site, purpose, size, version), sizes: `${size}x${size}`, type: 'image/png', purpose })),
  )
  return {
    id: start,
    name: site === 'clinic' ? messages.common.brand.clinicName : messages.common.brand.academyName,
    short_name: site === 'clinic' ? names.clinicShortName : names.academyShortName,
    lang: LOCALE_INFO[locale].tag,
    dir: LOCALE_INFO[locale].dir,
    start_url: start,
    scope: locale === 'en' ? '/' : `${LOCALE_INFO[locale].prefix}/`,
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: source.color,
    icons,
  }
}

const made = new Map<string, Promise<Buffer>>()

/**
 * An icon as PNG, and the version it was made for. `any`: the logo on white, a little margin;
 * `maskable`: on the theme's colour, the logo inside the central 60 % that every mask keeps.
 */
export async function appIcon(
  site: ThemeSite,
  purpose: IconPurpose,
  size: IconSize,
  context?: object,
): Promise<{ png: Buffer; version: string }> {
  const source = await iconSource(site, context)
  const version = iconVersion(source)
  const key = `${site}-${purpose}-${size}-${version}`
  let png = made.get(key)
  if (!png) {
    png = drawIcon(source, purpose, size)
    made.set(key, png)
    png.catch(() => made.delete(key))
    // Only the current icons are held (a few, a few kB each).
    for (const old of made.keys()) if (old.startsWith(`${site}-`) && !old.endsWith(version)) made.delete(old)
  }
  return { png: await png, version }
}

async function drawIcon(source: IconSource, purpose: IconPurpose, size: IconSize): Promise<Buffer> {
  const inner = Math.round(size * (purpose === 'maskable' ? 0.6 : 0.84))
  const mark = await sharp(await logoBytes(source))
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer()
  const background = purpose === 'maskable' ? source.color : '#ffffff'
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: mark, gravity: 'centre' }])
    .png()
    .toBuffer()
}

/** The published logo's largest variant, else the site's mark (public/favicon.svg) in the site's colour. */
async function logoBytes(source: IconSource): Promise<Buffer> {
  if (source.logo) {
    const width = source.logo.widths[source.logo.widths.length - 1]!
    const file = await mediaStorage().get(mediaFileName(source.logo.name, width))
    if (file) return Buffer.from(await new Response(file.body).arrayBuffer())
  }
  return Buffer.from(DEFAULT_MARK.replace('{color}', source.color))
}
