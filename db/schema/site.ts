/** The published site: the editor's documents and their history, and the media library. */
import { customType, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { staff } from './staff'

/**
 * What staff publish, one row per document ('content', 'theme', 'layout', 'settings',
 * 'integrations'). A public page reads all of them (and the media slots) in one query.
 */
export const siteDocuments = pgTable('site_documents', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => staff.id, { onDelete: 'set null' }),
})

/** Every saved version of every document (and every media change): who changed what, and when. */
export const siteDocumentHistory = pgTable(
  'site_document_history',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    savedBy: integer('saved_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (table) => [index('site_document_history_key_idx').on(table.key, table.id.desc())],
)

/** Uploaded images; the files (WebP variants) are in media_files under `<name>-<width>.webp`. */
export const mediaAssets = pgTable('media_assets', {
  id: serial('id').primaryKey(),
  /** Server-generated from the image's content (hex); never the uploaded file name. */
  name: text('name').notNull().unique(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** The widths of the stored WebP variants, ascending. */
  widths: jsonb('widths').$type<number[]>().notNull(),
  /** Total bytes of the stored variants. */
  bytes: integer('bytes').notNull(),
  /** Alternative text per language: { en, fa, ps }. */
  alt: jsonb('alt').$type<{ en: string; fa: string; ps: string }>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
})

/** Binary data: Buffer from node-postgres, Uint8Array from PGlite; a Uint8Array either way. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })

/**
 * The bytes of stored files (the media library's WebP variants), so that every server on the
 * database serves them and a database dump carries them (docs/decisions/017-uploads-in-the-database.md).
 */
export const mediaFiles = pgTable('media_files', {
  /** A server-made name, `<content hash>-<width>.webp`. */
  name: text('name').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Which image fills each place on the site; an image in a slot cannot be deleted. */
export const mediaSlots = pgTable('media_slots', {
  /** 'clinicLogo', 'academyLogo', 'clinicHero', 'academyHero' */
  slot: text('slot').primaryKey(),
  assetId: integer('asset_id')
    .notNull()
    .references(() => mediaAssets.id, { onDelete: 'restrict' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => staff.id, { onDelete: 'set null' }),
})
