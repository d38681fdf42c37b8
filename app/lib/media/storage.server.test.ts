import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaAssets } from '~db/schema'
import { testDatabases } from '../../../tests/support/databases'
import type { DatabaseHandle } from '../platform/db.server'
import { databaseStorage, importFolder, MAX_STORED_FILE_BYTES, type FileStorage } from './storage.server'

async function read(storage: FileStorage, name: string): Promise<Buffer | null> {
  const file = await storage.get(name)
  if (!file) return null
  const bytes = Buffer.from(await new Response(file.body).arrayBuffer())
  expect(bytes.length).toBe(file.size)
  return bytes
}

describe.each(testDatabases())('the database file storage ($name)', ({ open }) => {
  let handle: DatabaseHandle
  let storage: FileStorage
  let folder: string

  beforeAll(async () => {
    handle = await open()
    storage = databaseStorage(async () => handle.db)
    folder = await mkdtemp(path.join(tmpdir(), 'storage-import-'))
  })
  afterAll(async () => {
    await handle.close()
    await rm(folder, { recursive: true, force: true })
  })

  it('gives back the bytes it stored, replaces a file of the same name, and deletes', async () => {
    const first = randomBytes(300_000)
    await storage.put('photo-960.webp', first)
    expect(await read(storage, 'photo-960.webp')).toEqual(first)

    const second = randomBytes(1_000)
    await storage.put('photo-960.webp', second)
    expect(await read(storage, 'photo-960.webp')).toEqual(second)

    await storage.put('empty-480.webp', new Uint8Array())
    expect(await read(storage, 'empty-480.webp')).toEqual(Buffer.alloc(0))

    await storage.delete('photo-960.webp')
    expect(await storage.get('photo-960.webp')).toBeNull()
    // Deleting a missing file is no error.
    await storage.delete('photo-960.webp')
    await storage.delete('empty-480.webp')
  })

  it('answers null for a missing file', async () => {
    expect(await storage.get('missing-480.webp')).toBeNull()
  })

  it('refuses names that are not its own, and files over the limit', async () => {
    for (const name of ['../escape.webp', 'a/b.webp', '.hidden.webp', 'UPPER.webp', 'no-extension', '']) {
      await expect(storage.put(name, new Uint8Array([1]))).rejects.toThrow(/Unsafe storage name/)
      await expect(storage.delete(name)).rejects.toThrow(/Unsafe storage name/)
      expect(await storage.get(name)).toBeNull()
    }
    await expect(storage.put('big-1600.webp', new Uint8Array(MAX_STORED_FILE_BYTES + 1))).rejects.toThrow(/not stored/)
    expect(await storage.get('big-1600.webp')).toBeNull()
  })

  it('imports the library’s files from an earlier version’s folder once, leaving the folder as it was', async () => {
    const media = path.join(folder, 'media')
    await mkdir(media)
    const asset = (name: string, widths: number[]) =>
      handle.db.insert(mediaAssets).values({ name, width: 2000, height: 1000, widths, bytes: 1, alt: { en: '', fa: '', ps: '' } })
    await asset('logo', [480])
    await asset('hero', [480, 960, 1600])
    const logo = randomBytes(5_000)
    const hero = randomBytes(70_000)
    await writeFile(path.join(media, 'logo-480.webp'), logo)
    await writeFile(path.join(media, 'hero-1600.webp'), hero)
    await writeFile(path.join(media, 'hero-480.webp'), randomBytes(50))
    // A file of an image deleted from the library, a temporary file a crash left behind, and a
    // folder: none is copied.
    await writeFile(path.join(media, 'deleted-480.webp'), randomBytes(10))
    await writeFile(path.join(media, '.hero-960.webp.a1b2c3.tmp'), randomBytes(10))
    await mkdir(path.join(media, 'sub'))
    // A file already in the table is kept as it is.
    const kept = randomBytes(100)
    await storage.put('hero-480.webp', kept)

    expect(await importFolder(handle.db, media)).toBe(2)
    expect(await read(storage, 'logo-480.webp')).toEqual(logo)
    expect(await read(storage, 'hero-1600.webp')).toEqual(hero)
    expect(await read(storage, 'hero-480.webp')).toEqual(kept)
    expect(await storage.get('hero-960.webp')).toBeNull()
    expect(await storage.get('deleted-480.webp')).toBeNull()
    expect((await readdir(media)).sort()).toEqual([
      '.hero-960.webp.a1b2c3.tmp',
      'deleted-480.webp',
      'hero-1600.webp',
      'hero-480.webp',
      'logo-480.webp',
      'sub',
    ])

    // Again (the next start): nothing to copy, and a file deleted since stays deleted.
    await storage.delete('logo-480.webp')
    await handle.db.delete(mediaAssets).where(eq(mediaAssets.name, 'logo'))
    expect(await importFolder(handle.db, media)).toBe(0)
    expect(await storage.get('logo-480.webp')).toBeNull()
    expect(await importFolder(handle.db, path.join(folder, 'none'))).toBe(0)
  })
})
