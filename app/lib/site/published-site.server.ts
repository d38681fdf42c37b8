import { database, errorCode } from '../platform/db.server'
import { mergeSiteSettings } from './editor-schemas'
import type { Locale } from '../i18n/locale'
import { messagesFor } from '~/locales'
import { mapEmbedUrl } from '../contact/map-embed'
import { mediaSrc, mediaSrcSet, scaledHeight } from '../media/media'
import { applyContent } from './site-content'
import { publicCollections, type PublicCollections } from './collections'
import type { AcademySection, HomepageSection } from './site-data'
import type { SiteSettings } from './site-settings'
import { lastPublishedSite, readSiteData, type SiteData, type SlotImage } from './stored-site.server'
import type { Theme } from './theme'
import { siteVersion } from './site-version.server'

/** The published site could not be read, and this process has no earlier copy to show. */
export class SiteUnavailableError extends Error {
  constructor(options?: ErrorOptions) {
    super('The published site cannot be read right now.', options)
  }
}

let lastWarning = 0

/**
 * The published site, read afresh; while the database cannot be reached, the copy of the last
 * successful read (so public pages keep answering), or SiteUnavailableError when there is none.
 */
async function readPublishedSite(): Promise<SiteData> {
  try {
    return await readSiteData(await database())
  } catch (error) {
    const held = lastPublishedSite()
    // One line per minute while it lasts; never the query or its values.
    if (Date.now() - lastWarning > 60_000) {
      lastWarning = Date.now()
      console.warn(
        `Reading the published site failed (${errorCode(error)}); ` +
          (held ? `showing the copy read at ${held.at.toISOString()}.` : 'no copy to show yet.'),
      )
    }
    if (held) return held.data
    throw new SiteUnavailableError({ cause: error })
  }
}

/** The published site of the current version, held so that a page reads the database only for the version stamp. */
let held: { version: string; data: SiteData } | null = null

async function currentSite(): Promise<SiteData> {
  let version: string
  try {
    version = await siteVersion()
  } catch {
    // The database is away: the last copy, as readPublishedSite says.
    return readPublishedSite()
  }
  if (held?.version === version) return held.data
  try {
    const data = await readSiteData(await database())
    held = { version, data }
    return data
  } catch {
    return readPublishedSite()
  }
}

/**
 * The published site of one request, shared by its loaders and its action through its load
 * context: the copy held for the current version (no query but the version stamp, at most twice a
 * second). Without a context (a script, a staff page that must show what is stored now), each call
 * reads afresh.
 */
const perRequest = new WeakMap<object, Promise<SiteData>>()

export function getSiteData(context?: object): Promise<SiteData> {
  if (!context) return readPublishedSite()
  let data = perRequest.get(context)
  if (!data) {
    data = currentSite()
    perRequest.set(context, data)
    // A failed read is not kept: a retry in the same request tries again.
    data.catch(() => perRequest.delete(context))
  }
  return data
}

/** The clinic's contact details and integrations as staff last saved them, over the defaults. */
export async function getSiteSettings(context?: object): Promise<SiteSettings> {
  const { settings, integrations } = await getSiteData(context)
  return mergeSiteSettings(settings, integrations)
}

export async function getTheme(context?: object): Promise<Theme> {
  return (await getSiteData(context)).theme
}

/** The public messages of a page with the stored content applied (each text resolved for `locale`). */
export async function getPublicMessages<T extends object>(messages: T, locale: Locale, context?: object): Promise<T> {
  return applyContent(messages, (await getSiteData(context)).content, locale)
}

/** The clinic homepage's hero texts as published for `locale` (with the fallbacks applied). */
export async function getPageContent(locale: Locale, context?: object): Promise<{ heroTitle: string; heroDescription: string }> {
  const { content } = await getSiteData(context)
  const { clinic } = applyContent({ clinic: messagesFor(locale).clinic }, content, locale)
  return { heroTitle: clinic.hero.title, heroDescription: clinic.hero.description }
}

/**
 * The collections a page in `locale` shows (items shown, in order, texts resolved); `messages` are
 * the page's public messages with the content applied (the spec items' fallback).
 */
export async function getPublicCollections(locale: Locale, messages: unknown, context?: object): Promise<PublicCollections> {
  return publicCollections((await getSiteData(context)).collections, locale, messages)
}

/** The clinic homepage's sections in order, each shown or hidden. */
export async function getHomeLayout(context?: object): Promise<HomepageSection[]> {
  return (await getSiteData(context)).layout
}

/** The academy homepage's sections in order, each shown or hidden. */
export async function getAcademyLayout(context?: object): Promise<AcademySection[]> {
  return (await getSiteData(context)).academyLayout
}

/** An image as a page renders it: the addresses are made here, so the browser needs no code for them. */
export interface PublicImage {
  src: string
  srcSet: string
  /** The largest variant's size (for width/height: no layout shift while it loads). */
  width: number
  height: number
  alt: string
}

/** The logo and hero images staff chose, with the alt text for `locale` (English when empty). */
export async function getSlotImages(locale: Locale, context?: object): Promise<Partial<Record<keyof SiteData['media'], PublicImage>>> {
  const { media } = await getSiteData(context)
  const images: Partial<Record<keyof SiteData['media'], PublicImage>> = {}
  for (const [slot, image] of Object.entries(media) as [keyof SiteData['media'], SlotImage][]) {
    const width = image.widths[image.widths.length - 1]!
    images[slot] = {
      src: mediaSrc(image),
      srcSet: mediaSrcSet(image),
      width,
      height: scaledHeight(image, width),
      alt: image.alt[locale]?.trim() || image.alt.en,
    }
  }
  return images
}

/**
 * The address of the embedded map when the maps integration is on, else null. The key is only
 * ever part of this address (the contact page's map frame).
 */
export async function getMapEmbedUrl(locale: Locale, context?: object): Promise<string | null> {
  const { integrations } = await getSiteData(context)
  if (!integrations.mapsEnabled || !integrations.mapsApiKey) return null
  const settings = await getSiteSettings(context)
  return mapEmbedUrl(integrations.mapsApiKey, settings.map.latitude, settings.map.longitude, locale)
}
