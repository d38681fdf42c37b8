/**
 * Uploaded images: checked by their content (signature and a full decode, within size and pixel
 * limits), re-encoded to WebP variants without metadata, stored under content-hashed names, and
 * chosen for the logo and hero slots.
 */
import { createHash } from 'node:crypto'
import { desc, eq, sql } from 'drizzle-orm'
import sharp, { type Metadata, type OutputInfo } from 'sharp'
import { galleryAlbums, galleryPhotos, mediaAssets, mediaSlots, siteDocuments, staff } from '~db/schema'
import type { Database } from '../platform/db.server'
import { MEDIA_SLOTS, type MediaSlot } from '../site/editor-schemas'
import type { Locale } from '../i18n/locale'
import { MAX_IMAGE_SIDE, MAX_UPLOAD_BYTES, mediaFileName, variantWidths } from './media'
import { readForm } from '../platform/read-form.server'
import type { FileStorage } from './storage.server'
import { ImageQueueFull, withImageSlot } from './image-queue.server'
import { readDocument, recordChange } from '../site/site-documents.server'
import { SLOT_IMAGES_KEY } from '../site/stored-site.server'

export type UploadProblem = 'missing' | 'tooLarge' | 'notImage' | 'tooManyPixels' | 'corrupt' | 'busy'

/** A file the media library refuses, with the reason to show (editor.media.problems[problem]) and the HTTP status. */
export class UploadError extends Error {
  constructor(
    readonly problem: UploadProblem,
    readonly status: 400 | 413 | 415 | 503 = problem === 'tooLarge' ? 413 : problem === 'busy' ? 503 : 400,
  ) {
    super(`Upload refused: ${problem}`)
  }
}

export type ImageType = 'jpeg' | 'png' | 'webp'

/** The image type by its first bytes (its signature), whatever the file is called. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte)
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg'
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp'
  return null
}

export interface ProcessedImage {
  /** Content hash (hex): the same picture always gets the same name. */
  name: string
  type: ImageType
  width: number
  height: number
  variants: Array<{ width: number; height: number; bytes: Buffer }>
}

/** WebP quality of the variants: visually clean for photos and logos at a fraction of the size. */
const WEBP_QUALITY = 80

/**
 * Checks an uploaded file and makes its WebP variants, one image at a time (image-queue.server.ts).
 * Throws UploadError with the reason; 'busy' when too many uploads are waiting.
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  try {
    return await withImageSlot(() => checkAndConvert(bytes))
  } catch (error) {
    if (error instanceof ImageQueueFull) throw new UploadError('busy')
    throw error
  }
}

async function checkAndConvert(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.length === 0) throw new UploadError('missing')
  if (bytes.length > MAX_UPLOAD_BYTES) throw new UploadError('tooLarge')
  const type = sniffImageType(bytes)
  if (!type) throw new UploadError('notImage')

  // The header only, without sharp's pixel limit: an image far over our own limit must be told
  // apart from a damaged file.
  let metadata: Metadata
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    throw new UploadError('corrupt')
  }
  if (metadata.format !== type) throw new UploadError('notImage')
  if (!metadata.width || !metadata.height) throw new UploadError('corrupt')
  if (metadata.width > MAX_IMAGE_SIDE || metadata.height > MAX_IMAGE_SIDE) throw new UploadError('tooManyPixels')

  // The full decode: a truncated or damaged file fails here. The pixels are turned upright (EXIF
  // orientation), converted to sRGB and kept as raw 8-bit data, so nothing of the file's metadata
  // can reach the variants.
  let decoded: { data: Buffer; info: OutputInfo }
  try {
    decoded = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE, animated: false })
      .autoOrient()
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw new UploadError('corrupt')
  }
  const { width, height, channels } = decoded.info
  const name = createHash('sha256').update(`${width}x${height}x${channels}:`).update(decoded.data).digest('hex').slice(0, 20)

  const variants: ProcessedImage['variants'] = []
  for (const variantWidth of variantWidths(width)) {
    const { data, info } = await sharp(decoded.data, { raw: { width, height, channels } })
      .resize({ width: variantWidth, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY, alphaQuality: 90, effort: 4 })
      .toBuffer({ resolveWithObject: true })
    variants.push({ width: info.width, height: info.height, bytes: data })
  }
  return { name, type, width, height, variants }
}

// ---------------------------------------------------------------------------------------------
// Reading an upload from a request
// ---------------------------------------------------------------------------------------------

/** Room for the form's other fields and the multipart framing around the file. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_BYTES + 64 * 1024

/**
 * The upload form's fields (alt texts cleaned of control characters). A request that declares a
 * larger body is refused before anything is read, and the body stream is cut off at the limit
 * whatever it declares; a body that is not a form is refused as 'missing' with 415 or 400.
 */
export async function readUploadForm(request: Request, limit = MAX_UPLOAD_REQUEST_BYTES): Promise<FormData> {
  const read = await readForm(request, { maxBytes: limit })
  if (read.ok) return read.form
  throw new UploadError(read.problem === 'tooLarge' ? 'tooLarge' : 'missing', read.status)
}

// ---------------------------------------------------------------------------------------------
// The library
// ---------------------------------------------------------------------------------------------

export type AltText = Record<Locale, string>

export interface MediaItem {
  id: number
  name: string
  width: number
  height: number
  widths: number[]
  bytes: number
  alt: AltText
  createdAt: Date
  createdBy: string | null
  /** The slots that show this image. */
  slots: MediaSlot[]
}

/** Stores a processed upload (files first, then the row). The same picture twice is stored once. */
export async function storeImage(
  db: Database,
  storage: FileStorage,
  image: ProcessedImage,
  alt: AltText,
  staffId: number | null,
): Promise<{ id: number; created: boolean }> {
  const [existing] = await db.select({ id: mediaAssets.id }).from(mediaAssets).where(eq(mediaAssets.name, image.name))
  if (existing) return { id: existing.id, created: false }
  for (const variant of image.variants) await storage.put(mediaFileName(image.name, variant.width), variant.bytes)
  const [row] = await db
    .insert(mediaAssets)
    .values({
      name: image.name,
      width: image.width,
      height: image.height,
      widths: image.variants.map((variant) => variant.width),
      bytes: image.variants.reduce((sum, variant) => sum + variant.bytes.length, 0),
      alt,
      createdBy: staffId,
    })
    .onConflictDoNothing({ target: mediaAssets.name })
    .returning({ id: mediaAssets.id })
  if (!row) {
    const [raced] = await db.select({ id: mediaAssets.id }).from(mediaAssets).where(eq(mediaAssets.name, image.name))
    return { id: raced!.id, created: false }
  }
  await recordChange(db, 'media', { action: 'upload', name: image.name, alt }, staffId)
  return { id: row.id, created: true }
}

export async function listMedia(db: Database): Promise<MediaItem[]> {
  const [assets, slots] = await Promise.all([
    db
      .select({
        id: mediaAssets.id,
        name: mediaAssets.name,
        width: mediaAssets.width,
        height: mediaAssets.height,
        widths: mediaAssets.widths,
        bytes: mediaAssets.bytes,
        alt: mediaAssets.alt,
        createdAt: mediaAssets.createdAt,
        createdBy: staff.displayName,
      })
      .from(mediaAssets)
      .leftJoin(staff, eq(staff.id, mediaAssets.createdBy))
      .orderBy(desc(mediaAssets.id)),
    db.select({ slot: mediaSlots.slot, assetId: mediaSlots.assetId }).from(mediaSlots),
  ])
  return assets.map((asset) => ({
    ...asset,
    slots: slots.filter((s) => s.assetId === asset.id).map((s) => s.slot as MediaSlot),
  }))
}

/** Shows an image in a slot, or (assetId null) the site's built-in look. Returns false for an unknown image. */
/**
 * Publishes what the slots show (images with their sizes and alt texts) as the site document
 * 'mediaSlots', so public pages read it with the other documents. Runs inside the transaction of
 * the change, under a lock, so two changes at once cannot publish an outdated picture.
 */
async function publishSlotImages(tx: Database, staffId: number | null): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('site_documents:mediaSlots'))`)
  const rows = await tx
    .select({
      slot: mediaSlots.slot,
      name: mediaAssets.name,
      width: mediaAssets.width,
      height: mediaAssets.height,
      widths: mediaAssets.widths,
      alt: mediaAssets.alt,
    })
    .from(mediaSlots)
    .innerJoin(mediaAssets, eq(mediaAssets.id, mediaSlots.assetId))
  const value = Object.fromEntries(rows.map(({ slot, ...image }) => [slot, image]))
  const now = new Date()
  await tx
    .insert(siteDocuments)
    .values({ key: SLOT_IMAGES_KEY, value, updatedAt: now, updatedBy: staffId })
    .onConflictDoUpdate({ target: siteDocuments.key, set: { value, updatedAt: now, updatedBy: staffId } })
}

export async function assignSlot(db: Database, slot: MediaSlot, assetId: number | null, staffId: number | null): Promise<boolean> {
  if (!MEDIA_SLOTS.includes(slot)) return false
  const done = await db.transaction(async (tx) => {
    if (assetId === null) {
      await tx.delete(mediaSlots).where(eq(mediaSlots.slot, slot))
    } else {
      const [asset] = await tx.select({ id: mediaAssets.id }).from(mediaAssets).where(eq(mediaAssets.id, assetId))
      if (!asset) return false
      const now = new Date()
      await tx
        .insert(mediaSlots)
        .values({ slot, assetId, updatedAt: now, updatedBy: staffId })
        .onConflictDoUpdate({ target: mediaSlots.slot, set: { assetId, updatedAt: now, updatedBy: staffId } })
    }
    await publishSlotImages(tx as unknown as Database, staffId)
    return true
  })
  if (done) await recordChange(db, 'media', { action: 'slot', slot, assetId }, staffId)
  return done
}

export async function updateAltText(db: Database, assetId: number, alt: AltText, staffId: number | null): Promise<boolean> {
  const name = await db.transaction(async (tx) => {
    const rows = await tx.update(mediaAssets).set({ alt }).where(eq(mediaAssets.id, assetId)).returning({ name: mediaAssets.name })
    if (!rows[0]) return null
    const inUse = await tx.select({ slot: mediaSlots.slot }).from(mediaSlots).where(eq(mediaSlots.assetId, assetId))
    if (inUse.length) await publishSlotImages(tx as unknown as Database, staffId)
    return rows[0].name
  })
  if (name === null) return false
  await recordChange(db, 'media', { action: 'alt', name, alt }, staffId)
  return true
}

/** Deleting an image that a slot or a person's photo shows is refused, naming the slots and the people. */
export class MediaInUseError extends Error {
  constructor(
    readonly slots: MediaSlot[],
    readonly people: string[] = [],
  ) {
    super('The image is in use.')
  }
}

/** The doctors and faculty (retired ones too: they can be brought back) whose photo is the image, by English name. */
async function photoOf(db: Database, assetId: number): Promise<string[]> {
  const [asset] = await db.select({ name: mediaAssets.name }).from(mediaAssets).where(eq(mediaAssets.id, assetId))
  const stored = asset ? await readDocument(db, 'collections') : null
  if (!asset || !stored) return []
  return [...stored.value.doctors, ...stored.value.faculty]
    .filter((person) => person.photo?.name === asset.name)
    .map((person) => person.name.en || person.id)
}

/** The gallery albums that show the image, by their English titles. */
async function albumsShowing(db: Database, assetId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: galleryAlbums.id, titles: galleryAlbums.titles })
    .from(galleryPhotos)
    .innerJoin(galleryAlbums, eq(galleryAlbums.id, galleryPhotos.albumId))
    .where(eq(galleryPhotos.assetId, assetId))
  return rows.map((row) => row.titles.en)
}

/** Deletes an image and its files; refuses (MediaInUseError) while a slot, a person or a gallery album shows it. False when unknown. */
export async function deleteImage(db: Database, storage: FileStorage, assetId: number, staffId: number | null): Promise<boolean> {
  const inUse = async () =>
    (await db.select({ slot: mediaSlots.slot }).from(mediaSlots).where(eq(mediaSlots.assetId, assetId))).map((row) => row.slot as MediaSlot)
  const [slots, people, albums] = await Promise.all([inUse(), photoOf(db, assetId), albumsShowing(db, assetId)])
  if (slots.length || people.length || albums.length) throw new MediaInUseError(slots, [...people, ...albums])
  let deleted: { name: string; widths: number[] } | undefined
  try {
    ;[deleted] = await db
      .delete(mediaAssets)
      .where(eq(mediaAssets.id, assetId))
      .returning({ name: mediaAssets.name, widths: mediaAssets.widths })
  } catch (error) {
    // A slot or a gallery photo chose the image in the meantime: the foreign key refuses the delete.
    if (isForeignKeyViolation(error)) throw new MediaInUseError(await inUse(), await albumsShowing(db, assetId))
    throw error
  }
  if (!deleted) return false
  for (const width of deleted.widths) await storage.delete(mediaFileName(deleted.name, width))
  await recordChange(db, 'media', { action: 'delete', name: deleted.name }, staffId)
  return true
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true
  }
  return false
}
