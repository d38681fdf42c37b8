/**
 * Where uploaded files live. A small interface, so that the folder on disk can be replaced by
 * object storage without touching the media code.
 */
import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { randomBytes } from 'node:crypto'
import { env } from '../platform/env.server'

export interface StoredFile {
  size: number
  body: ReadableStream<Uint8Array>
}

export interface FileStorage {
  put(name: string, bytes: Uint8Array): Promise<void>
  /** The file, or null when there is none of that name. */
  get(name: string): Promise<StoredFile | null>
  /** Removes the file; removing a missing file is not an error. */
  delete(name: string): Promise<void>
}

/** Names are made by the server; anything else (a path, '..') is refused before touching the disk. */
const SAFE_NAME = /^[a-z0-9][a-z0-9-]{0,100}\.[a-z0-9]{1,8}$/

export function isSafeName(name: string): boolean {
  return SAFE_NAME.test(name)
}

function checkName(name: string): void {
  if (!isSafeName(name)) throw new Error(`Unsafe storage name: ${JSON.stringify(name)}`)
}

/** Files in a folder. Writes go to a temporary file first, so a reader never sees half a file. */
export function folderStorage(folder: string): FileStorage {
  const root = path.resolve(folder)
  let ready: Promise<unknown> | undefined
  const ensure = () => (ready ??= mkdir(root, { recursive: true }))
  return {
    async put(name, bytes) {
      checkName(name)
      await ensure()
      const temporary = path.join(root, `.${name}.${randomBytes(6).toString('hex')}.tmp`)
      await writeFile(temporary, bytes)
      await rename(temporary, path.join(root, name))
    },
    async get(name) {
      if (!isSafeName(name)) return null
      const file = path.join(root, name)
      try {
        const info = await stat(file)
        if (!info.isFile()) return null
        return { size: info.size, body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array> }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(name) {
      checkName(name)
      await rm(path.join(root, name), { force: true })
    },
  }
}

let media: FileStorage | undefined

/** The storage of uploaded images: STORAGE_DIR/media. */
export function mediaStorage(): FileStorage {
  media ??= folderStorage(path.join(env().STORAGE_DIR, 'media'))
  return media
}
