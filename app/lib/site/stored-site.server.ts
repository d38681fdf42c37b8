/**
 * The published site as the public pages read it: every stored document parsed once per version,
 * the slot images, the courses, and the last good copy for when the database cannot be reached.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { siteDocuments } from '~db/schema'
import type { Database } from '../platform/db.server'
import { selectRows } from '../platform/select-rows.server'
import { siteChanged } from './site-version.server'
import {
  CollectionsSchema,
  ContentSchema,
  DEFAULT_INTEGRATIONS,
  EMPTY_CONTENT,
  IntegrationsSchema,
  PublishableAcademyLayoutSchema,
  PublishableLayoutSchema,
  MEDIA_SLOTS,
  SettingsSchema,
  ThemeSchema,
  seedCollections,
  type Collections,
  type Content,
  type MediaSlot,
  type StoredIntegrations,
  type StoredSettings,
} from './editor-schemas'
import { DEFAULT_ACADEMY_LAYOUT, DEFAULT_HOMEPAGE_LAYOUT, type AcademySection, type HomepageSection } from './site-data'
import { DEFAULT_THEME, type Theme } from './theme'
import { courseEntries } from './collections'
import type { CourseEntry } from './courses'
import { applyContent } from './site-content'
import { LOCALES, type Locale } from '../i18n/locale'
import { messagesFor } from '~/locales'

/** An image as a page needs it to render <img srcset>. */
export interface SlotImage {
  name: string
  width: number
  height: number
  widths: number[]
  alt: { en: string; fa: string; ps: string }
}

/** Everything the public site reads from the database. */
export interface SiteData {
  content: Content
  theme: Theme
  layout: HomepageSection[]
  academyLayout: AcademySection[]
  settings: StoredSettings | null
  integrations: StoredIntegrations
  media: Partial<Record<MediaSlot, SlotImage>>
  /** Services, doctors, testimonials, faculty and courses (the spec's items until staff save them). */
  collections: Collections
  /** Every course not retired, in order, names resolved in the three languages (lib/site/courses.ts). */
  courses: CourseEntry[]
}

interface Row {
  key: string
  value: unknown
  stamp: string
}

/**
 * Parsed documents by key, with their row version (xmin) and save time: a document is validated
 * once per version, not on every request. (Only a cache of pure work: a new version is read and parsed anew.)
 */
const parsed = new Map<string, { stamp: string; value: unknown }>()

function parseOr<T>(schema: z.ZodType<T>, row: Row | undefined, fallback: T): T {
  if (!row) return fallback
  const cached = parsed.get(row.key)
  if (cached && cached.stamp === row.stamp) return cached.value as T
  const value = typeof row.value === 'string' ? JSON.parse(row.value) : row.value
  const result = schema.safeParse(value)
  // A stored value written by an older version that no longer validates: the default is shown.
  if (!result.success) console.warn(`Stored site document '${row.key}' is not valid any more; using the default.`)
  const outcome = result.success ? result.data : fallback
  parsed.set(row.key, { stamp: row.stamp, value: outcome })
  return outcome
}

/**
 * The images the slots show, as published by the media library (media.server) whenever a slot or
 * an image's alt text changes; media_slots and media_assets stay the source of truth.
 */
export const SLOT_IMAGES_KEY = 'mediaSlots'

const SlotImageSchema = z.object({
  name: z.string(),
  width: z.number(),
  height: z.number(),
  widths: z.array(z.number()).min(1),
  alt: z.object({ en: z.string(), fa: z.string(), ps: z.string() }),
})
const SlotImagesSchema = z.partialRecord(z.enum(MEDIA_SLOTS), SlotImageSchema)

/**
 * The published site as last read successfully (the newest read wins; a read that began before a
 * publish never replaces one that began after it). Public pages fall back to it while the
 * database cannot be reached.
 */
let lastRead: { data: SiteData; readNumber: number; at: Date } | null = null
let reads = 0

export function lastPublishedSite(): { data: SiteData; at: Date } | null {
  return lastRead
}

/** Forgets the copy held in memory (tests of a process that never read the site). */
export function forgetPublishedSite(): void {
  lastRead = null
}

/**
 * After a publish the held copy is read again at once, so that a database that goes away right
 * after a save still leaves the saved version, not the one before it, on the public pages.
 */
export async function refreshAfterPublish(db: Database): Promise<void> {
  siteChanged()
  await readSiteData(db).catch(() => {})
}

/** Reads all published documents (the slot images included) in one query on one table. */
export async function readSiteData(db: Database): Promise<SiteData> {
  const readNumber = ++reads
  const data = await queryPublishedSite(db)
  if (!lastRead || readNumber > lastRead.readNumber) lastRead = { data, readNumber, at: new Date() }
  return data
}

async function queryPublishedSite(db: Database): Promise<SiteData> {
  const stored = await selectRows<Row>(
    db,
    sql`select ${siteDocuments.key} as key, ${siteDocuments.value} as value, xmin::text || '/' || ${siteDocuments.updatedAt}::text as stamp from ${siteDocuments}`,
  )
  const rows = new Map(stored.map((row) => [row.key, row]))
  const content = parseOr(ContentSchema, rows.get('content'), EMPTY_CONTENT)
  const collections = parseOr<Collections | null>(CollectionsSchema, rows.get('collections'), null) ?? seedCollections(content.fees)
  return {
    content,
    collections,
    courses: siteCourses(collections, content),
    theme: parseOr(ThemeSchema, rows.get('theme'), DEFAULT_THEME),
    layout: parseOr(PublishableLayoutSchema, rows.get('layout'), [...DEFAULT_HOMEPAGE_LAYOUT]),
    academyLayout: parseOr(PublishableAcademyLayoutSchema, rows.get('academyLayout'), [...DEFAULT_ACADEMY_LAYOUT]),
    settings: parseOr<StoredSettings | null>(SettingsSchema, rows.get('settings'), null),
    integrations: parseOr(IntegrationsSchema, rows.get('integrations'), DEFAULT_INTEGRATIONS),
    media: parseOr(SlotImagesSchema, rows.get(SLOT_IMAGES_KEY), {}),
  }
}

/** The courses of `collections` as SiteData.courses holds them, their texts over `content`'s. */
export function siteCourses(collections: Collections, content: Content): CourseEntry[] {
  return courseEntries(collections.courses, academyCatalogues(content))
}

/** Each language's academy texts with the content editor's changes applied (the courses' catalogue fallback). */
function academyCatalogues(content: Content): Record<Locale, unknown> {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, applyContent({ academy: messagesFor(locale).academy }, content, locale)]),
  ) as Record<Locale, unknown>
}
