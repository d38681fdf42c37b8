import { execFileSync } from 'node:child_process'
import { createWriteStream, existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { gunzipSync } from 'node:zlib'
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { signIn } from '../staff/staff.server'
import { createBackup, type BackupResult } from './create-backup.server'
import { restoreBackup, type RestoreOptions } from './restore.server'
import { RestoreRefusedError } from './archive-reader.server'
import type { TargetAddress } from './restore-target.server'
import { decryptFromFile, encryptToFile } from './archive-crypto.server'
import { buildManifest, DUMP_NAME, MANIFEST_NAME, type Manifest } from './manifest.server'
import { packArchive, readArchive } from './tar.server'
import { LONG_RUN_TIMEOUT } from '../../../tests/support/long-runs'
import {
  openAddress,
  picture,
  SECRET_PATIENT,
  seed,
  serverDatabase,
  STAFF_PASSWORD,
  storedImage,
  TEST_KEY,
} from '../../../tests/support/backup-fixtures'

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

/** A restore with the tests' key; TEST_DATABASE_URL connects as a superuser, which the tests allow. */
function restore(options: Omit<RestoreOptions, 'key'> & { key?: RestoreOptions['key'] }) {
  return restoreBackup({ key: TEST_KEY, allowSuperuser: true, warn: () => {}, ...options })
}

/** An archive's parts, decrypted (or read plain), each whole: small test archives only. */
async function partsOf(file: string, encrypted = true): Promise<Map<string, Buffer>> {
  const parts = new Map<string, Buffer>()
  const input = encrypted ? await decryptFromFile(file, TEST_KEY.secret) : Readable.from([await readFile(file)])
  await readArchive(input, (name) => {
    const chunks: Buffer[] = []
    return { write: (chunk) => void chunks.push(chunk), end: () => void parts.set(name, Buffer.concat(chunks)) }
  })
  return parts
}

/** Writes the parts as an archive with a manifest recomputed for them, encrypted with `secret` or plain. */
async function writeForged(file: string, parts: Map<string, Buffer>, manifest: Manifest, secret: string | null): Promise<void> {
  const { createHash } = await import('node:crypto')
  const names = [...parts.keys()].filter((name) => name !== MANIFEST_NAME)
  const forgedManifest = buildManifest({
    ...manifest,
    parts: names.map((name) => ({
      name,
      size: parts.get(name)!.length,
      sha256: createHash('sha256').update(parts.get(name)!).digest('hex'),
    })),
  })
  const manifestBytes = Buffer.from(JSON.stringify(forgedManifest))
  const entries = [
    { name: MANIFEST_NAME, size: manifestBytes.length, open: () => Readable.from([manifestBytes]) },
    ...names.map((name) => ({ name, size: parts.get(name)!.length, open: () => Readable.from([parts.get(name)!]) })),
  ]
  if (secret) await encryptToFile(packArchive(entries), file, secret)
  else await pipeline(packArchive(entries), createWriteStream(file))
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
    // A signed-in session and a password-reset link, which a restore must not bring back.
    expect((await signIn(handle.db, { username: 'reception', password: STAFF_PASSWORD, address: '127.0.0.1' })).ok).toBe(true)
    await handle.db.execute(
      sql`insert into password_resets (token_hash, staff_id, expires_at) select 'reset-link', id, now() + interval '30 minutes' from staff`,
    )
    const before = await picture(handle.db)
    const source = handle.embedded
      ? { kind: 'embedded' as const, client: handle.embedded }
      : { kind: 'server' as const, url: (place.address as { url: string }).url }
    const backup = await createBackup({
      source,
      outDir: path.join(work, `backups-${counter}`),
      storageDir: place.storageDir,
      key: TEST_KEY,
    })
    return { place, image, before, backup }
  } finally {
    await handle.close()
  }
}

/** What a restore itself changes: the sessions and links it ends, its record and its audit entry. */
const RESTORE_WRITES = ['public.sessions', 'public.password_resets', 'public.backup_runs', 'public.audit_log']

function withoutRestoreWrites(tables: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(tables).filter(([name]) => !RESTORE_WRITES.includes(name)))
}

async function expectRestored(place: Place, before: Record<string, string[]>, image: Buffer, archive?: string): Promise<void> {
  const handle = await openAddress(place.address)
  try {
    const after = await picture(handle.db)
    expect(withoutRestoreWrites(after)).toEqual(withoutRestoreWrites(before))
    // Everyone signs in again: no session or password-reset link of the archive's time works.
    expect(after['public.sessions']).toEqual([])
    expect(after['public.password_resets']).toEqual([])
    if (archive) {
      const entries = after['public.audit_log']!.map((row) => JSON.parse(row) as { action: string; target: string; actor: string })
      expect(entries.filter((entry) => entry.action === 'backup-restore').at(-1)).toMatchObject({
        target: `backup:${path.basename(archive)}`,
        actor: 'npm run restore',
      })
      const runs = after['public.backup_runs']!.map((row) => JSON.parse(row) as { trigger: string; archive: string; outcome: string })
      expect(runs).toContainEqual(expect.objectContaining({ trigger: 'restore', archive: path.basename(archive) }))
      // The archive just restored counts as a backup made at its time.
      expect(runs).toContainEqual(expect.objectContaining({ trigger: 'manual', archive: path.basename(archive), outcome: 'succeeded' }))
    }
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
    expect(backup.path).toMatch(/\.tar\.gz\.age$/)
    expect(backup.manifest.rowCounts['public.appointments']).toBe(2501)
    expect(backup.manifest.rowCounts['public.staff']).toBe(1)
    expect(backup.manifest.rowCounts['public.media_files']).toBe(1)
    expect(backup.manifest.lastMigration).toMatch(/^\d{4}_/)
    expect(backup.manifest.parts.map((part) => part.name)).toEqual(['database.sql', 'files/media/abc123-640.webp'])
    // Nothing but the archive is left in the folder.
    expect(await readdir(path.dirname(backup.path))).toEqual([path.basename(backup.path)])
    // Decrypted, standard tools read it: tar lists it, and the dump is SQL psql understands.
    const plain = path.join(work, `plain-${kind}.tar.gz`)
    await pipeline(await decryptFromFile(backup.path, TEST_KEY.secret), createWriteStream(plain))
    const listing = execFileSync('tar', ['-tzf', plain], { encoding: 'utf8' })
    expect(listing.split('\n').filter(Boolean)).toEqual(['manifest.json', 'database.sql', 'files/media/abc123-640.webp'])
  })

  it('shows no patient, phone or authenticator secret to whoever holds it without the key', async () => {
    const bytes = await readFile(made.backup.path)
    // The same values are in the archive once decrypted: the search below can find them.
    const dump = (await partsOf(made.backup.path)).get(DUMP_NAME)!.toString('utf8')
    for (const value of [SECRET_PATIENT.name, SECRET_PATIENT.phone, SECRET_PATIENT.authenticator]) expect(dump).toContain(value)
    for (const value of [SECRET_PATIENT.name, SECRET_PATIENT.phone, SECRET_PATIENT.authenticator, 'manifest.json', 'INSERT INTO']) {
      expect(bytes.includes(Buffer.from(value))).toBe(false)
      expect(bytes.includes(Buffer.from(value, 'utf16le'))).toBe(false)
    }
    // Nor compressed: the file is no gzip stream either.
    expect(() => gunzipSync(bytes)).toThrow()
  })

  it.runIf(serverUrl)('holds a dump that psql loads into a PostgreSQL server', async () => {
    const folder = path.join(work, `extracted-${kind}`)
    await mkdir(folder, { recursive: true })
    await pipeline(await decryptFromFile(made.backup.path, TEST_KEY.secret), createWriteStream(path.join(folder, 'plain.tar.gz')))
    execFileSync('tar', ['-xzf', path.join(folder, 'plain.tar.gz'), '-C', folder])
    const database = await serverDatabase(serverUrl!)
    dropLater.push(database.drop)
    // The embedded database's newer pg_dump sets transaction_timeout, which PostgreSQL 15 does not
    // know: psql reports that one line and goes on, as it does by default.
    const stopOnError = kind === 'postgres' ? ['-v', 'ON_ERROR_STOP=1'] : []
    execFileSync('psql', ['-q', ...stopOnError, '-d', database.url, '-f', path.join(folder, 'database.sql')], { stdio: 'pipe' })
    const count = execFileSync('psql', ['-tA', '-d', database.url, '-c', 'select count(*) from appointments'], { encoding: 'utf8' })
    expect(Number(count.trim())).toBe(2501)
  })

  it.each(kinds)('restores into an empty %s database with the same rows, sign-in and image', async (targetKind) => {
    const target = await newPlace(targetKind)
    const report = await restore({ archive: made.backup.path, target: target.address, storageDir: target.storageDir })
    expect(report.files).toBe(1)
    expect(report.encrypted).toBe(true)
    await expectRestored(target, made.before, made.image, made.backup.path)
  })

  it('refuses a target that holds data unless forced', async () => {
    const target = await newPlace(kind)
    const other = await seededBackup(kind)
    await restore({ archive: other.backup.path, target: target.address, storageDir: target.storageDir })
    await expect(restore({ archive: made.backup.path, target: target.address, storageDir: target.storageDir })).rejects.toThrow(
      /already holds data \(.*rows in public\.appointments.*--force/,
    )
    await expectRestored(target, other.before, other.image)
    await restore({ archive: made.backup.path, target: target.address, storageDir: target.storageDir, force: true })
    await expectRestored(target, made.before, made.image)
    // Two seeded databases, three restores: several embedded databases started in a row.
  })

  it('refuses an altered, truncated or forged archive before any SQL runs, and changes nothing', async () => {
    const original = await readFile(made.backup.path)
    const flipped = path.join(work, `flipped-${kind}.tar.gz.age`)
    const bytes = Buffer.from(original)
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff
    await writeFile(flipped, bytes)
    const cut = path.join(work, `cut-${kind}.tar.gz.age`)
    await writeFile(cut, original)
    await truncate(cut, Math.floor(original.length * 0.7))
    // The review's forgery: database.sql with a statement appended and the manifest recomputed.
    // Without the key it can only be encrypted with another key, or left plain as archives were.
    const marker = path.join(work, `forged-ran-${kind}`)
    const parts = await partsOf(made.backup.path)
    parts.set(DUMP_NAME, Buffer.concat([parts.get(DUMP_NAME)!, Buffer.from(`\nCOPY (SELECT 'x') TO PROGRAM 'touch ${marker}';\n`)]))
    const otherKey = path.join(work, `forged-other-key-${kind}.tar.gz.age`)
    await writeForged(otherKey, parts, made.backup.manifest, randomBytes(32).toString('base64'))
    const oldFormat = path.join(work, `forged-plain-${kind}.tar.gz`)
    await writeForged(oldFormat, parts, made.backup.manifest, null)

    // The target holds data of its own, which must stay as it is.
    const target = await newPlace(kind)
    const handle = await openAddress(target.address)
    await handle.db.execute(
      sql`insert into appointments (name, phone, date, submission_key) values ('Stays', '+93700000009', '2026-12-01', 'stays-1')`,
    )
    const untouched = await picture(handle.db)
    await handle.close()

    for (const [options, reason] of [
      [{ archive: flipped }, /cannot be restored: it was altered or cut short .*Nothing was changed/],
      [{ archive: cut }, /cannot be restored: it was altered or cut short .*Nothing was changed/],
      [{ archive: otherKey }, /cannot be restored: it was not made with this backup key/],
      [{ archive: oldFormat }, /cannot be restored: it is not encrypted, so nothing proves who made it.*--allow-unencrypted/],
      [{ archive: oldFormat, allowUnencrypted: true }, /line \d+ of database\.sql holds COPY, which pg_dump does not write/],
      [{ archive: oldFormat, allowUnencrypted: true, force: true }, /line \d+ of database\.sql holds COPY/],
    ] as const) {
      const refused = restore({ ...options, target: target.address, storageDir: target.storageDir })
      await expect(refused).rejects.toThrow(RestoreRefusedError)
      await expect(refused).rejects.toThrow(reason)
    }
    expect(existsSync(marker)).toBe(false)
    expect(existsSync(target.storageDir)).toBe(false)
    const after = await openAddress(target.address)
    try {
      expect(await picture(after.db)).toEqual(untouched)
    } finally {
      await after.close()
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
        key: TEST_KEY,
        source: { kind: 'embedded', client },
        outDir: path.join(folder, 'backups'),
        storageDir: path.join(folder, 'storage'),
      })
    } finally {
      await client.close()
    }
    expect(backup.manifest.lastMigration).toBe(journal.entries[older - 1]!.tag)

    const target = await newPlace(serverUrl ? 'postgres' : 'embedded')
    await restore({ archive: backup.path, target: target.address, storageDir: target.storageDir })
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
