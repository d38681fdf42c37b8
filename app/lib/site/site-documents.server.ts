/**
 * The documents staff save in the editor (content, theme, the two homepages' layouts, settings,
 * integrations, collections): their checks, saves with version conflicts, history and restores.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { siteDocumentHistory, siteDocuments, staff } from '~db/schema'
import type { Database } from '../platform/db.server'
import { auditTarget, mediaChangeDetails, recordAuditById } from '../staff/audit.server'
import {
  CollectionsSchema,
  ContentSchema,
  IntegrationsSchema,
  PublishableAcademyLayoutSchema,
  PublishableLayoutSchema,
  SettingsSchema,
  ThemeSchema,
} from './editor-schemas'
import { internationalPhone } from '../contact/phone.server'
import { refreshAfterPublish } from './stored-site.server'

export const DOCUMENT_SCHEMAS = {
  content: ContentSchema,
  theme: ThemeSchema,
  layout: PublishableLayoutSchema,
  academyLayout: PublishableAcademyLayoutSchema,
  settings: SettingsSchema,
  integrations: IntegrationsSchema,
  collections: CollectionsSchema,
} as const satisfies Record<string, z.ZodType>

export type DocumentKey = keyof typeof DOCUMENT_SCHEMAS
type DocumentValue<K extends DocumentKey> = z.output<(typeof DOCUMENT_SCHEMAS)[K]>

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
