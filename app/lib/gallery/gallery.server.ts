/**
 * The gallery in the database: what the public page shows, and the staff screen's reads and saves.
 * A photo that shows a patient is public only once its consent is ticked (`photoIsPublic`); every
 * save writes its audit entry in the same transaction, and ticking the consent its own entry, with
 * who ticked it. A save tells the site version (`siteChanged`), so cached pages are drawn afresh.
 */
import { and, asc, count, eq, max, or, sql } from 'drizzle-orm'
import { galleryAlbums, galleryPhotos, mediaAssets } from '~db/schema'
import type { Database } from '../platform/db.server'
import type { Locale } from '../i18n/locale'
import { mediaSrc, mediaSrcSet, scaledHeight, type ImageSource } from '../media/media'
import type { PublicImage } from '../site/published-site.server'
import { siteChanged } from '../site/site-version.server'
import { recordAudit, type AuditActor } from '../staff/audit.server'
import { textIn, type AlbumInput, type PhotoInput } from './gallery-form'

type LocaleTexts = Record<Locale, string>

/** The condition of a photo the public may see: it shows no patient, or the patient's consent is on file. */
const photoIsPublic = or(eq(galleryPhotos.showsPatient, false), eq(galleryPhotos.consentOnFile, true))!

export interface GalleryPhoto {
  id: number
  caption: string
  image: PublicImage
  /** The largest variant, for the viewer. */
  large: string
  /** A before/after pair: this photo is the "before", `after` the other. */
  after: GalleryPhoto | null
}

export interface GalleryAlbum {
  id: number
  title: string
  description: string
  photos: GalleryPhoto[]
}

function publicImage(asset: ImageSource, alt: string): PublicImage {
  const width = asset.widths[asset.widths.length - 1]!
  return { src: mediaSrc(asset, 480), srcSet: mediaSrcSet(asset), width, height: scaledHeight(asset, width), alt }
}

/** The published albums with the photos the public may see, in the staff's order; an album with none is left out. */
export async function publicGallery(db: Database, locale: Locale): Promise<GalleryAlbum[]> {
  const rows = await db
    .select({
      albumId: galleryAlbums.id,
      titles: galleryAlbums.titles,
      descriptions: galleryAlbums.descriptions,
      id: galleryPhotos.id,
      captions: galleryPhotos.captions,
      alt: galleryPhotos.alt,
      afterId: galleryPhotos.afterId,
      asset: {
        name: mediaAssets.name,
        width: mediaAssets.width,
        height: mediaAssets.height,
        widths: mediaAssets.widths,
        alt: mediaAssets.alt,
      },
    })
    .from(galleryPhotos)
    .innerJoin(galleryAlbums, eq(galleryAlbums.id, galleryPhotos.albumId))
    .innerJoin(mediaAssets, eq(mediaAssets.id, galleryPhotos.assetId))
    .where(and(eq(galleryAlbums.published, true), photoIsPublic))
    .orderBy(asc(galleryAlbums.position), asc(galleryAlbums.id), asc(galleryPhotos.position), asc(galleryPhotos.id))
  const photos = new Map<number, GalleryPhoto & { albumId: number; afterId: number | null }>()
  for (const row of rows) {
    const caption = textIn(row.captions, locale)
    const alt =
      row.alt[locale]?.trim() || row.asset.alt[locale]?.trim() || textIn(row.alt, locale) || textIn(row.asset.alt, locale) || caption
    photos.set(row.id, {
      id: row.id,
      albumId: row.albumId,
      afterId: row.afterId,
      caption,
      image: publicImage(row.asset, alt),
      large: mediaSrc(row.asset, 1600),
      after: null,
    })
  }
  // A pair shows side by side where its "before" is; a pair whose other half is not public shows its public half alone.
  const paired = new Set<number>()
  for (const photo of photos.values()) {
    const after = photo.afterId === null ? undefined : photos.get(photo.afterId)
    if (after && after.albumId === photo.albumId && after.id !== photo.id && !paired.has(photo.id)) {
      photo.after = { ...after, after: null }
      paired.add(after.id)
    }
  }
  const albums = new Map<number, GalleryAlbum>()
  for (const row of rows) {
    if (!albums.has(row.albumId))
      albums.set(row.albumId, {
        id: row.albumId,
        title: textIn(row.titles, locale),
        description: textIn(row.descriptions, locale),
        photos: [],
      })
    const photo = photos.get(row.id)!
    if (paired.has(photo.id)) continue
    const { albumId: _album, afterId: _after, ...shown } = photo
    albums.get(row.albumId)!.photos.push(shown)
  }
  return [...albums.values()]
}

// --- the staff screen ---------------------------------------------------------------------------

export interface StaffAlbumRow {
  id: number
  titles: LocaleTexts
  published: boolean
  photos: number
  /** Photos that show a patient and wait for the consent tick. */
  waiting: number
}

export async function listAlbums(db: Database): Promise<StaffAlbumRow[]> {
  return db
    .select({
      id: galleryAlbums.id,
      titles: galleryAlbums.titles,
      published: galleryAlbums.published,
      photos: sql<number>`count(${galleryPhotos.id})::int`,
      waiting: sql<number>`(count(${galleryPhotos.id}) filter (where ${galleryPhotos.showsPatient} and not ${galleryPhotos.consentOnFile}))::int`,
    })
    .from(galleryAlbums)
    .leftJoin(galleryPhotos, eq(galleryPhotos.albumId, galleryAlbums.id))
    .groupBy(galleryAlbums.id)
    .orderBy(asc(galleryAlbums.position), asc(galleryAlbums.id))
}

interface StaffPhoto extends PhotoInput {
  id: number
  thumbnail: string
  libraryAlt: LocaleTexts
  consentBy: string | null
  consentAt: Date | null
}

export async function readAlbum(db: Database, id: number) {
  const [album] = await db.select().from(galleryAlbums).where(eq(galleryAlbums.id, id))
  if (!album) return null
  const rows = await db
    .select({
      photo: galleryPhotos,
      asset: {
        name: mediaAssets.name,
        width: mediaAssets.width,
        height: mediaAssets.height,
        widths: mediaAssets.widths,
        alt: mediaAssets.alt,
      },
    })
    .from(galleryPhotos)
    .innerJoin(mediaAssets, eq(mediaAssets.id, galleryPhotos.assetId))
    .where(eq(galleryPhotos.albumId, id))
    .orderBy(asc(galleryPhotos.position), asc(galleryPhotos.id))
  const photos: StaffPhoto[] = rows.map(({ photo, asset }) => ({
    id: photo.id,
    captions: photo.captions,
    alt: photo.alt,
    afterId: photo.afterId,
    showsPatient: photo.showsPatient,
    consentOnFile: photo.consentOnFile,
    consentBy: photo.consentBy,
    consentAt: photo.consentAt,
    thumbnail: mediaSrc(asset, 480),
    libraryAlt: asset.alt,
  }))
  return { album, photos }
}

const albumTarget = (id: number) => `gallery-album:${id}`
const photoTarget = (id: number) => `gallery-photo:${id}`

async function changed<T>(work: Promise<T>): Promise<T> {
  const result = await work
  siteChanged()
  return result
}

/** Creates (`id` null) or saves an album; null when the album is gone. */
export function saveAlbum(db: Database, actor: AuditActor, id: number | null, input: AlbumInput): Promise<number | null> {
  return changed(
    db.transaction(async (tx) => {
      const values = { ...input, updatedAt: new Date(), updatedBy: actor.id }
      let saved: { id: number } | undefined
      if (id === null) {
        const [last] = await tx.select({ position: max(galleryAlbums.position) }).from(galleryAlbums)
        ;[saved] = await tx
          .insert(galleryAlbums)
          .values({ ...values, position: (last?.position ?? -1) + 1 })
          .returning({ id: galleryAlbums.id })
      } else {
        ;[saved] = await tx.update(galleryAlbums).set(values).where(eq(galleryAlbums.id, id)).returning({ id: galleryAlbums.id })
      }
      if (!saved) return null
      await recordAudit(tx as unknown as Database, actor, 'gallery-save', albumTarget(saved.id), {
        created: id === null,
        published: input.published,
      })
      return saved.id
    }),
  )
}

export function deleteAlbum(db: Database, actor: AuditActor, id: number): Promise<boolean> {
  return changed(
    db.transaction(async (tx) => {
      const [gone] = await tx.delete(galleryAlbums).where(eq(galleryAlbums.id, id)).returning({ id: galleryAlbums.id })
      if (gone) await recordAudit(tx as unknown as Database, actor, 'gallery-save', albumTarget(id), { deleted: true })
      return Boolean(gone)
    }),
  )
}

/** Adds a library image to the end of an album; null when the album or the image is gone. */
export function addPhoto(db: Database, actor: AuditActor, albumId: number, assetId: number, showsPatient: boolean): Promise<number | null> {
  return changed(
    db.transaction(async (tx) => {
      const [album] = await tx.select({ id: galleryAlbums.id }).from(galleryAlbums).where(eq(galleryAlbums.id, albumId)).for('update')
      const [asset] = await tx.select({ id: mediaAssets.id }).from(mediaAssets).where(eq(mediaAssets.id, assetId))
      if (!album || !asset) return null
      const [last] = await tx
        .select({ position: max(galleryPhotos.position) })
        .from(galleryPhotos)
        .where(eq(galleryPhotos.albumId, albumId))
      const [added] = await tx
        .insert(galleryPhotos)
        .values({ albumId, assetId, showsPatient, position: (last?.position ?? -1) + 1 })
        .returning({ id: galleryPhotos.id })
      await recordAudit(tx as unknown as Database, actor, 'gallery-save', photoTarget(added!.id), {
        album: albumId,
        added: true,
        showsPatient,
      })
      return added!.id
    }),
  )
}

export type PhotoSaveResult = 'saved' | 'not-found' | 'bad-pair'

/**
 * Saves a photo's captions, texts, pairing and ticks. Ticking the consent keeps who ticked it and
 * when, and writes its own audit entry; clearing it (or the patient tick) makes the photo private again.
 */
export function savePhoto(
  db: Database,
  actor: AuditActor,
  albumId: number,
  id: number,
  input: PhotoInput,
  now = new Date(),
): Promise<PhotoSaveResult> {
  return changed(
    db.transaction(async (tx): Promise<PhotoSaveResult> => {
      const [photo] = await tx
        .select()
        .from(galleryPhotos)
        .where(and(eq(galleryPhotos.id, id), eq(galleryPhotos.albumId, albumId)))
        .for('update')
      if (!photo) return 'not-found'
      if (input.afterId !== null) {
        const [other] = await tx
          .select({ n: count() })
          .from(galleryPhotos)
          .where(and(eq(galleryPhotos.id, input.afterId), eq(galleryPhotos.albumId, albumId)))
        if (input.afterId === id || !other?.n) return 'bad-pair'
      }
      const consent = input.showsPatient && input.consentOnFile
      const ticked = consent && !photo.consentOnFile
      await tx
        .update(galleryPhotos)
        .set({
          ...input,
          consentOnFile: consent,
          consentBy: consent ? (ticked ? actor.username : photo.consentBy) : null,
          consentAt: consent ? (ticked ? now : photo.consentAt) : null,
          updatedAt: now,
        })
        .where(eq(galleryPhotos.id, id))
      const audit = (details: Record<string, string | number | boolean>) =>
        recordAudit(tx as unknown as Database, actor, 'gallery-consent', photoTarget(id), details)
      if (ticked) await audit({ album: albumId, consent: true })
      else if (photo.consentOnFile && !consent) await audit({ album: albumId, consent: false })
      await recordAudit(tx as unknown as Database, actor, 'gallery-save', photoTarget(id), {
        album: albumId,
        showsPatient: input.showsPatient,
      })
      return 'saved'
    }),
  )
}

export function deletePhoto(db: Database, actor: AuditActor, albumId: number, id: number): Promise<boolean> {
  return changed(
    db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(galleryPhotos)
        .where(and(eq(galleryPhotos.id, id), eq(galleryPhotos.albumId, albumId)))
        .returning({ id: galleryPhotos.id })
      if (gone) await recordAudit(tx as unknown as Database, actor, 'gallery-save', photoTarget(id), { album: albumId, deleted: true })
      return Boolean(gone)
    }),
  )
}
