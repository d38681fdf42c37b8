import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { signIn } from '../staff/staff.server'
import { createBackup, type BackupResult } from './create-backup.server'
import { restoreBackup, RestoreRefusedError } from './restore.server'
import type { TargetAddress } from './restore-target.server'
import { LONG_RUN_TIMEOUT } from '../../../tests/support/long-runs'
import { openAddress, picture, seed, serverDatabase, STAFF_PASSWORD, storedImage } from '../../../tests/support/backup-fixtures'

// Each embedded database opened or created here starts PostgreSQL in WebAssembly: seconds on a busy machine.
vi.setConfig({ testTimeout: LONG_RUN_TIMEOUT })

const serverUrl = process.env.TEST_DATABASE_URL
let work: string
const dropLater: Array<() => Promise<void>> = []

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'backup-test-'))
})
afterAll(async () => {
  for (const drop of dropLater) await drop()
  await rm(work, { recursive: true, force: true })
})

interface Place {
  address: TargetAddress
  storageDir: string
}

let counter = 0
async function newPlace(kind: 'embedded' | 'postgres'): Promise<Place> {
  const folder = path.join(work, `place-${++counter}`)
  const storageDir = path.join(folder, 'storage')
  if (kind === 'embedded') return { address: { dataDir: path.join(folder, 'data') }, storageDir }
  const database = await serverDatabase(serverUrl!)
  dropLater.push(database.drop)
  return { address: { url: database.url }, storageDir }
}

/** A seeded database of the kind, its picture, and a backup of it made while it is open (online). */
async function seededBackup(kind: 'embedded' | 'postgres') {
  const place = await newPlace(kind)
  const handle = await openAddress(place.address)
  try {
    const { image } = await seed(handle.db, place.storageDir)
    const before = await picture(handle.db)
    const source = handle.embedded
      ? { kind: 'embedded' as const, client: handle.embedded }
      : { kind: 'server' as const, url: (place.address as { url: string }).url }
    const backup = await createBackup({ source, outDir: path.join(work, `backups-${counter}`), storageDir: place.storageDir })
    return { place, image, before, backup }
  } finally {
    await handle.close()
  }
}

async function expectRestored(place: Place, before: Record<string, string[]>, image: Buffer): Promise<void> {
  const handle = await openAddress(place.address)
  try {
    expect(await picture(handle.db)).toEqual(before)
    const signedIn = await signIn(handle.db, { username: 'reception', password: STAFF_PASSWORD, address: '127.0.0.1' })
    expect(signedIn.ok).toBe(true)
    expect(Buffer.compare(await storedImage(handle.db, 'abc123-640.webp'), image)).toBe(0)
  } finally {
    await handle.close()
  }
  expect(Buffer.compare(await readFile(path.join(place.storageDir, 'media', 'abc123-640.webp')), image)).toBe(0)
}

const kinds = (['embedded', 'postgres'] as const).filter((kind) => kind === 'embedded' || serverUrl)

describe.each(kinds)('a backup of the %s database', (kind) => {
  let made: Awaited<ReturnType<typeof seededBackup>>
  beforeAll(async () => {
    made = await seededBackup(kind)
  })

  it('is one private archive whose manifest lists the rows, the migration and every part', async () => {
    const { backup } = made
    expect((await stat(backup.path)).mode & 0o777).toBe(0o600)
    expect(backup.manifest.rowCounts['public.appointments']).toBe(2500)
    expect(backup.manifest.rowCounts['public.staff']).toBe(1)
    expect(backup.manifest.rowCounts['public.media_files']).toBe(1)
    expect(backup.manifest.lastMigration).toMatch(/^\d{4}_/)
    expect(backup.manifest.parts.map((part) => part.name)).toEqual(['database.sql', 'files/media/abc123-640.webp'])
    // Nothing but the archive is left in the folder.
    expect(await readdir(path.dirname(backup.path))).toEqual([path.basename(backup.path)])
    // Standard tools read it: tar lists it, and the dump is SQL psql understands.
    const listing = execFileSync('tar', ['-tzf', backup.path], { encoding: 'utf8' })
    expect(listing.split('\n').filter(Boolean)).toEqual(['manifest.json', 'database.sql', 'files/media/abc123-640.webp'])
  })

  it.runIf(serverUrl)('holds a dump that psql loads into a PostgreSQL server', async () => {
    const folder = path.join(work, `extracted-${kind}`)
    await mkdir(folder, { recursive: true })
    execFileSync('tar', ['-xzf', made.backup.path, '-C', folder])
    const database = await serverDatabase(serverUrl!)
    dropLater.push(database.drop)
    // The embedded database's newer pg_dump sets transaction_timeout, which PostgreSQL 15 does not
    // know: psql reports that one line and goes on, as it does by default.
    const stopOnError = kind === 'postgres' ? ['-v', 'ON_ERROR_STOP=1'] : []
    execFileSync('psql', ['-q', ...stopOnError, '-d', database.url, '-f', path.join(folder, 'database.sql')], { stdio: 'pipe' })
    const count = execFileSync('psql', ['-tA', '-d', database.url, '-c', 'select count(*) from appointments'], { encoding: 'utf8' })
    expect(Number(count.trim())).toBe(2500)
  })

  it.each(kinds)('restores into an empty %s database with the same rows, sign-in and image', async (targetKind) => {
    const target = await newPlace(targetKind)
    const report = await restoreBackup({ archive: made.backup.path, target: target.address, storageDir: target.storageDir })
    expect(report.files).toBe(1)
    await expectRestored(target, made.before, made.image)
  })

  it('refuses a target that holds data unless forced', async () => {
    const target = await newPlace(kind)
    const other = await seededBackup(kind)
    await restoreBackup({ archive: other.backup.path, target: target.address, storageDir: target.storageDir })
    await expect(restoreBackup({ archive: made.backup.path, target: target.address, storageDir: target.storageDir })).rejects.toThrow(
      /already holds data \(.*rows in public\.appointments.*--force/,
    )
    await expectRestored(target, other.before, other.image)
    await restoreBackup({ archive: made.backup.path, target: target.address, storageDir: target.storageDir, force: true })
    await expectRestored(target, made.before, made.image)
    // Two seeded databases, three restores: several embedded databases started in a row.
  })

  it('refuses an altered or truncated archive and changes nothing', async () => {
    const original = await readFile(made.backup.path)
    const flipped = path.join(work, `flipped-${kind}.tar.gz`)
    const bytes = Buffer.from(original)
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff
    await writeFile(flipped, bytes)
    const cut = path.join(work, `cut-${kind}.tar.gz`)
    await writeFile(cut, original)
    await truncate(cut, Math.floor(original.length * 0.7))
    // Altered inside: the gzip file is whole, a value in the dump differs.
    const edited = path.join(work, `edited-${kind}.tar.gz`)
    const tar = gunzipSync(original)
    const at = tar.indexOf('Tooth ache')
    tar.write('Tooth acho', at)
    await writeFile(edited, gzipSync(tar))

    const target = await newPlace(kind)
    for (const [file, reason] of [
      [flipped, /cannot be restored: .*Nothing was changed/],
      [cut, /cannot be restored: .*Nothing was changed/],
      [edited, /database\.sql does not match its SHA-256/],
    ] as const) {
      const refused = restoreBackup({ archive: file, target: target.address, storageDir: target.storageDir })
      await expect(refused).rejects.toThrow(RestoreRefusedError)
      await expect(refused).rejects.toThrow(reason)
    }
    expect(existsSync(target.storageDir)).toBe(false)
    if ('dataDir' in target.address) expect(existsSync(target.address.dataDir)).toBe(false)
    else {
      const handle = await openAddress(target.address)
      const tables = await picture(handle.db)
      await handle.close()
      // Only what opening it made: the migrated, empty tables.
      expect(tables['public.appointments']).toEqual([])
    }
  })
})

async function olderMigrationsFolder(keep: number): Promise<string> {
  const folder = path.join(work, `migrations-${keep}`)
  execFileSync('cp', ['-r', path.resolve('db/migrations'), folder])
  const journalFile = path.join(folder, 'meta/_journal.json')
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] }
  journal.entries = journal.entries.slice(0, keep)
  await writeFile(journalFile, JSON.stringify(journal))
  return folder
}

describe('an archive from an older version', () => {
  it('restores and is brought forward by the migrations', async () => {
    const { migrate } = await import('drizzle-orm/pglite/migrator')
    const { drizzle } = await import('drizzle-orm/pglite')
    const { EmbeddedDatabase } = await import('../platform/embedded-database.server')
    const journal = JSON.parse(await readFile('db/migrations/meta/_journal.json', 'utf8')) as { entries: Array<{ tag: string }> }
    const older = journal.entries.length - 1
    const folder = path.join(work, 'older')
    await mkdir(folder, { recursive: true })
    const client = await EmbeddedDatabase.open(path.join(folder, 'pglite'))
    let backup: BackupResult
    try {
      await migrate(drizzle({ client: client.asPGlite() }), { migrationsFolder: await olderMigrationsFolder(older) })
      await client.exec(
        `insert into appointments (name, phone, date, submission_key) values ('Older', '+93700000000', '2026-01-01', 'old-1')`,
      )
      backup = await createBackup({
        source: { kind: 'embedded', client },
        outDir: path.join(folder, 'backups'),
        storageDir: path.join(folder, 'storage'),
      })
    } finally {
      await client.close()
    }
    expect(backup.manifest.lastMigration).toBe(journal.entries[older - 1]!.tag)

    const target = await newPlace(serverUrl ? 'postgres' : 'embedded')
    await restoreBackup({ archive: backup.path, target: target.address, storageDir: target.storageDir })
    const handle = await openAddress(target.address)
    try {
      const rows = await picture(handle.db)
      expect(rows['drizzle.__drizzle_migrations']).toHaveLength(journal.entries.length)
      expect(rows['public.appointments']!.join()).toContain('"name":"Older"')
    } finally {
      await handle.close()
    }
  })
})
