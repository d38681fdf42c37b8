/**
 * Where uploaded files live: a table of the database (media_files), so that every server on one
 * PostgreSQL serves every upload and a database dump carries them
 * (docs/decisions/017-uploads-in-the-database.md). A small interface, so the media code does not
 * know where the bytes are.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { mediaAssets, mediaFiles } from '~db/schema'
import { database, errorCode, type Database } from '../platform/db.server'
import { env } from '../platform/env.server'
import { mediaFileName } from './media'

interface StoredFile {
  size: number
  body: ReadableStream<Uint8Array>
}

export interface FileStorage {
  /** Stores the file, replacing one of the same name. */
  put(name: string, bytes: Uint8Array): Promise<void>
  /** The file, or null when there is none of that name. */
  get(name: string): Promise<StoredFile | null>
  /** Removes the file; removing a missing file is not an error. */
  delete(name: string): Promise<void>
}

/** Names are made by the server; anything else (a path, '..') is refused before the database is asked. */
const SAFE_NAME = /^[a-z0-9][a-z0-9-]{0,100}\.[a-z0-9]{1,8}$/

/**
 * The largest file stored. The media library's variants are WebP images at most 1600 pixels wide,
 * a few hundred kilobytes; each is read whole into memory when served.
 */
export const MAX_STORED_FILE_BYTES = 8 * 1024 * 1024

function isSafeName(name: string): boolean {
  return SAFE_NAME.test(name)
}

function checkName(name: string): void {
  if (!isSafeName(name)) throw new Error(`Unsafe storage name: ${JSON.stringify(name)}`)
}

/** A stream of bytes already in memory. */
function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      if (bytes.length > 0) controller.enqueue(bytes)
      controller.close()
    },
  })
}

/**
 * Files in the media_files table. A write is one statement, so a reader sees the old file or the
 * new one, never half of either; a file is read in one query.
 */
export function databaseStorage(db: () => Promise<Database>): FileStorage {
  return {
    async put(name, bytes) {
      checkName(name)
      if (bytes.length > MAX_STORED_FILE_BYTES) throw new Error(`A file over ${MAX_STORED_FILE_BYTES} bytes is not stored: ${name}`)
      await (
        await db()
      )
        .insert(mediaFiles)
        .values({ name, bytes })
        .onConflictDoUpdate({ target: mediaFiles.name, set: { bytes, createdAt: new Date() } })
    },
    async get(name) {
      if (!isSafeName(name)) return null
      const [row] = await (await db()).select({ bytes: mediaFiles.bytes }).from(mediaFiles).where(eq(mediaFiles.name, name))
      if (!row) return null
      const bytes = row.bytes instanceof Uint8Array ? row.bytes : new Uint8Array(row.bytes)
      return { size: bytes.length, body: streamOf(bytes) }
    },
    async delete(name) {
      checkName(name)
      await (await db()).delete(mediaFiles).where(eq(mediaFiles.name, name))
    },
  }
}

/**
 * Copies the files of the folder earlier versions kept uploads in (STORAGE_DIR/media) into the
 * table: the variants of the library's images that the table lacks, so an upgrade loses no image.
 * Running it again copies nothing more; files of deleted images or left by a crash are not copied,
 * and the folder is never changed. Returns how many files were copied.
 */
export async function importFolder(db: Database, folder: string): Promise<number> {
  let names: string[]
  try {
    names = (await readdir(folder, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && isSafeName(entry.name))
      .map((entry) => entry.name)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0
    throw error
  }
  if (names.length === 0) return 0
  const assets = await db.select({ name: mediaAssets.name, widths: mediaAssets.widths }).from(mediaAssets)
  const wanted = new Set(assets.flatMap((asset) => asset.widths.map((width) => mediaFileName(asset.name, width))))
  const present = new Set((await db.select({ name: mediaFiles.name }).from(mediaFiles)).map((row) => row.name))
  let copied = 0
  for (const name of names) {
    if (!wanted.has(name) || present.has(name)) continue
    const bytes = await readFile(path.join(folder, name))
    if (bytes.length > MAX_STORED_FILE_BYTES) {
      console.warn(`Not imported (over ${MAX_STORED_FILE_BYTES} bytes): ${name}`)
      continue
    }
    // Another server importing the same folder at the same moment is no conflict.
    const inserted = await db
      .insert(mediaFiles)
      .values({ name, bytes })
      .onConflictDoNothing({ target: mediaFiles.name })
      .returning({ name: mediaFiles.name })
    copied += inserted.length
  }
  return copied
}

/**
 * At start: the uploads an earlier version kept in STORAGE_DIR/media are copied into the database
 * (see importFolder). A failure is logged and the server starts; the next start tries again.
 */
export async function importEarlierUploads(db: Database): Promise<void> {
  const folder = path.resolve(env().STORAGE_DIR, 'media')
  try {
    const copied = await importFolder(db, folder)
    if (copied > 0) console.info(`Copied ${copied} uploaded file(s) from ${folder} into the database; the folder is no longer used.`)
  } catch (error) {
    console.error(`The uploads in ${folder} could not be copied into the database (${errorCode(error)}); the next start tries again.`)
  }
}

let media: FileStorage | undefined

/** The storage of uploaded images. */
export function mediaStorage(): FileStorage {
  media ??= databaseStorage(database)
  return media
}
