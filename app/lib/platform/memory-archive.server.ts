/**
 * The archive in-memory databases start from (the tests' databases, lib/platform/db.server.ts): a
 * fresh database just after its migrations. It is kept in the system's temporary folder under a
 * name made from the migrations and PGlite's version, so that every test process, and every later
 * run, starts its databases from it instead of running PostgreSQL's initdb; a change to either
 * makes a new one.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'

/** PGlite's version, from its package.json (which the package does not export). */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const root = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`))
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version
}

function archiveFile(migrationsFolder: string): string {
  const hash = createHash('sha256')
  hash.update(pgliteVersion())
  for (const entry of readdirSync(migrationsFolder, { recursive: true, withFileTypes: true }).filter((item) => item.isFile())) {
    const file = path.join(entry.parentPath, entry.name)
    hash.update(path.relative(migrationsFolder, file)).update(readFileSync(file))
  }
  return path.join(os.tmpdir(), `memory-database-${hash.digest('hex').slice(0, 16)}.tar`)
}

const ARCHIVE_NAME = /^memory-database-[0-9a-f]{16}\.tar$/

/** The kept archive, or null when there is none yet. */
export async function readMemoryArchive(migrationsFolder: string): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await readFile(archiveFile(migrationsFolder)))
  } catch {
    return null
  }
}

/**
 * Keeps the archive, in place of those of other migrations; written aside and renamed, so that no
 * process ever reads half of one.
 */
export async function keepMemoryArchive(migrationsFolder: string, archive: Uint8Array): Promise<void> {
  const file = archiveFile(migrationsFolder)
  const partial = `${file}.${process.pid}.partial`
  await writeFile(partial, archive)
  await rename(partial, file).catch(() => rm(partial, { force: true }))
  const others = (await readdir(path.dirname(file))).filter((name) => ARCHIVE_NAME.test(name) && name !== path.basename(file))
  await Promise.all(others.map((name) => rm(path.join(path.dirname(file), name), { force: true })))
}

/** Forgets a kept archive that could not be opened. */
export async function dropMemoryArchive(migrationsFolder: string): Promise<void> {
  await rm(archiveFile(migrationsFolder), { force: true })
}
