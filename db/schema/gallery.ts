/** The clinic's gallery: albums of photos from the media library (docs/decisions/041-gallery.md). */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { mediaAssets } from './site'
import { staff } from './staff'

type LocaleTexts = { en: string; fa: string; ps: string }
const BLANK = { en: '', fa: '', ps: '' }

/** An album: a title and an optional description per language; shown on the public page while published. */
export const galleryAlbums = pgTable('gallery_albums', {
  id: serial('id').primaryKey(),
  titles: jsonb('titles').$type<LocaleTexts>().notNull(),
  descriptions: jsonb('descriptions').$type<LocaleTexts>().notNull().default(BLANK),
  position: integer('position').notNull().default(0),
  published: boolean('published').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => staff.id, { onDelete: 'set null' }),
})

/**
 * A photo of an album. One that shows a patient is public only once staff ticked that the
 * patient's written consent is on file; the check keeps who ticked it and when with the tick.
 * `afterId` pairs this photo (the "before") with another of the album (the "after").
 */
export const galleryPhotos = pgTable(
  'gallery_photos',
  {
    id: serial('id').primaryKey(),
    albumId: integer('album_id')
      .notNull()
      .references(() => galleryAlbums.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => mediaAssets.id, { onDelete: 'restrict' }),
    captions: jsonb('captions').$type<LocaleTexts>().notNull().default(BLANK),
    /** Alternative text for this photo; a blank language falls back to the media library's. */
    alt: jsonb('alt').$type<LocaleTexts>().notNull().default(BLANK),
    position: integer('position').notNull().default(0),
    afterId: integer('after_id').references((): AnyPgColumn => galleryPhotos.id, { onDelete: 'set null' }),
    showsPatient: boolean('shows_patient').notNull().default(false),
    consentOnFile: boolean('consent_on_file').notNull().default(false),
    /** Who ticked the consent (username at the time) and when. */
    consentBy: text('consent_by'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('gallery_photos_album_idx').on(table.albumId, table.position),
    check(
      'gallery_photos_consent_check',
      sql`not ${table.consentOnFile} or (${table.consentBy} is not null and ${table.consentAt} is not null)`,
    ),
    check('gallery_photos_pair_check', sql`${table.afterId} is null or ${table.afterId} <> ${table.id}`),
  ],
)
