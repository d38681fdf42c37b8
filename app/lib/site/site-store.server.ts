/**
 * The published site: documents staff save in the editor (content, theme, layout, settings,
 * integrations), their history, and the images chosen for the logo and hero slots.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { z } from 'zod'
import { siteDocumentHistory, siteDocuments, staff } from '~db/schema'
import type { Database } from '../platform/db.server'
import { selectRows } from '../platform/select-rows.server'
import { siteChanged } from './site-version.server'
import { auditTarget, mediaChangeDetails, recordAuditById } from '../staff/audit.server'
import {
  CollectionsSchema,
  ContentSchema,
  DEFAULT_INTEGRATIONS,
  EMPTY_CONTENT,
  IntegrationsSchema,
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
import { toE164 } from '../contact/phone.server'
import { DEFAULT_HOMEPAGE_LAYOUT, type HomepageSection } from './site-data'
import { DEFAULT_THEME, type Theme } from './theme'
import { courseEntries } from './collections'
import type { CourseEntry } from './courses'
import { applyContent } from './site-content'
import { LOCALES, type Locale } from '../i18n/locale'
import { messagesFor } from '~/locales'

export const DOCUMENT_SCHEMAS = {
  content: ContentSchema,
  theme: ThemeSchema,
  layout: PublishableLayoutSchema,
  settings: SettingsSchema,
  integrations: IntegrationsSchema,
  collections: CollectionsSchema,
} as const satisfies Record<string, z.ZodType>

export type DocumentKey = keyof typeof DOCUMENT_SCHEMAS
type DocumentValue<K extends DocumentKey> = z.output<(typeof DOCUMENT_SCHEMAS)[K]>

/**
 * A phone number in international display form ('+93 70 123 4567') when it is a valid number of
 * its country's numbering plan (numbers without a country code are Afghan), else null.
 */
export function internationalPhone(input: string): string | null {
  const e164 = toE164(input)
  return e164 ? (parsePhoneNumberFromString(e164)?.formatInternational() ?? null) : null
}

function strictPhone<T extends Record<F, string>, F extends string>(field: F, { optional = false } = {}) {
  return (value: T, ctx: z.RefinementCtx): T => {
    if (optional && value[field] === '') return value
    const phone = internationalPhone(value[field])
    if (phone) return { ...value, [field]: phone }
    ctx.addIssue({ code: 'custom', path: [field], message: 'phone' })
    return z.NEVER
  }
}

/** What a save must pass: the shared schemas, and phone numbers checked and stored in international form. */
export const SAVE_SCHEMAS = {
  ...DOCUMENT_SCHEMAS,
  settings: SettingsSchema.transform(strictPhone('phone')),
  integrations: IntegrationsSchema.transform(strictPhone('whatsappNumber', { optional: true })),
} as const satisfies Record<DocumentKey, z.ZodType>

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
async function refreshAfterPublish(db: Database): Promise<void> {
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

export interface StoredDocument<K extends DocumentKey> {
  value: DocumentValue<K>
  /** The id of the history entry of this version; a save names the version it started from. */
  version: number
  savedAt: Date
  savedBy: string | null
}

/** The stored document and who saved it last, or null when it was never saved. */
export async function readDocument<K extends DocumentKey>(db: Database, key: K): Promise<StoredDocument<K> | null> {
  const [row] = await db
    .select({ id: siteDocumentHistory.id, value: siteDocuments.value, savedAt: siteDocumentHistory.savedAt, savedBy: staff.displayName })
    .from(siteDocuments)
    .innerJoin(siteDocumentHistory, eq(siteDocumentHistory.key, siteDocuments.key))
    .leftJoin(staff, eq(staff.id, siteDocumentHistory.savedBy))
    .where(eq(siteDocuments.key, key))
    .orderBy(desc(siteDocumentHistory.id))
    .limit(1)
  if (!row) return null
  const parsed = DOCUMENT_SCHEMAS[key].safeParse(row.value)
  if (!parsed.success) return null
  return { value: parsed.data as DocumentValue<K>, version: row.id, savedAt: row.savedAt, savedBy: row.savedBy }
}

export class VersionConflictError extends Error {
  constructor(
    readonly savedBy: string | null,
    readonly savedAt: Date,
  ) {
    super('The document was saved by someone else in the meantime.')
  }
}

export interface SaveOptions {
  /** The version the editor started from; a newer saved version makes the save fail. */
  expectedVersion?: number | null
}

/**
 * Validates and publishes a document, and records the version in the history: who, what, when.
 * Returns the new version's id.
 */
export async function saveDocument<K extends DocumentKey>(
  db: Database,
  key: K,
  value: z.input<(typeof DOCUMENT_SCHEMAS)[K]>,
  staffId: number | null,
  options: SaveOptions = {},
): Promise<number> {
  const parsed = SAVE_SCHEMAS[key].parse(value)
  const version = await db.transaction(async (tx) => {
    // Serialises saves of one document: the row lock is held until commit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`site_documents:${key}`}))`)
    if (options.expectedVersion !== undefined) {
      const [latest] = await tx
        .select({ id: siteDocumentHistory.id, savedAt: siteDocumentHistory.savedAt, savedBy: staff.displayName })
        .from(siteDocumentHistory)
        .leftJoin(staff, eq(staff.id, siteDocumentHistory.savedBy))
        .where(eq(siteDocumentHistory.key, key))
        .orderBy(desc(siteDocumentHistory.id))
        .limit(1)
      if ((latest?.id ?? null) !== (options.expectedVersion ?? null) && latest) {
        throw new VersionConflictError(latest.savedBy, latest.savedAt)
      }
    }
    const now = new Date()
    await tx
      .insert(siteDocuments)
      .values({ key, value: parsed, updatedAt: now, updatedBy: staffId })
      .onConflictDoUpdate({ target: siteDocuments.key, set: { value: parsed, updatedAt: now, updatedBy: staffId } })
    const [entry] = await tx
      .insert(siteDocumentHistory)
      .values({ key, value: parsed, savedAt: now, savedBy: staffId })
      .returning({ id: siteDocumentHistory.id })
    await recordAuditById(tx, staffId, 'site-save', auditTarget.document(key))
    return entry!.id
  })
  await refreshAfterPublish(db)
  return version
}

export interface HistoryEntry {
  id: number
  savedAt: Date
  savedBy: string | null
}

/** The latest versions of a document (or of the media changes, key 'media'), newest first. */
export async function listHistory(db: Database, key: string, limit = 10): Promise<HistoryEntry[]> {
  return db
    .select({ id: siteDocumentHistory.id, savedAt: siteDocumentHistory.savedAt, savedBy: staff.displayName })
    .from(siteDocumentHistory)
    .leftJoin(staff, eq(staff.id, siteDocumentHistory.savedBy))
    .where(eq(siteDocumentHistory.key, key))
    .orderBy(desc(siteDocumentHistory.id))
    .limit(limit)
}

/**
 * Publishes an earlier version again (as a new version, so a restore can itself be undone).
 * Without `versionId`, the version before the current one. Returns false when there is none.
 */
export async function restoreVersion(db: Database, key: DocumentKey, staffId: number | null, versionId?: number): Promise<boolean> {
  const rows = versionId
    ? await db
        .select({ value: siteDocumentHistory.value })
        .from(siteDocumentHistory)
        .where(and(eq(siteDocumentHistory.key, key), eq(siteDocumentHistory.id, versionId)))
    : await db
        .select({ value: siteDocumentHistory.value })
        .from(siteDocumentHistory)
        .where(eq(siteDocumentHistory.key, key))
        .orderBy(desc(siteDocumentHistory.id))
        .offset(1)
        .limit(1)
  const row = rows[0]
  if (!row) return false
  await saveDocument(db, key, row.value as never, staffId)
  return true
}

/** Records a change that is not a document (an upload, a slot choice, a deletion) in the history. */
export async function recordChange(db: Database, key: string, value: unknown, staffId: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(siteDocumentHistory).values({ key, value, savedBy: staffId })
    await recordAuditById(tx, staffId, 'media-change', auditTarget.document(key), mediaChangeDetails(value))
  })
  // The media library publishes the slot images before recording the change.
  await refreshAfterPublish(db)
}
