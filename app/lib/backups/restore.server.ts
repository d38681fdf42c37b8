/**
 * Restores an archive into an empty database (and STORAGE_DIR): the archive is checked whole
 * against its manifest before anything is touched; the dump is loaded in one transaction whose row
 * counts must match the manifest; then the migrations bring an older archive forward.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { finished } from 'node:stream/promises'
import { countRows } from './dump.server'
import { DUMP_NAME, FILES_FOLDER, MANIFEST_NAME, parseManifest, type Manifest } from './manifest.server'
import { batches, setParameter, splitStatements } from './sql-script.server'
import { DamagedArchiveError, readArchive, type EntrySink } from './tar.server'
import { openTarget, type RestoreTarget, type SqlRunner, type TargetAddress } from './restore-target.server'
import { storedFiles } from './create-backup.server'

export class RestoreRefusedError extends Error {}

/** Tables a server fills on its own on first start: rows there do not make a database "in use". */
const BOOKKEEPING_TABLES = new Set(['public.setup_tokens', 'public.rate_limits', 'public.backup_runs', 'drizzle.__drizzle_migrations'])

const MAX_MANIFEST_BYTES = 4 * 1024 * 1024

function hashingSink(onEnd: (sha256: string, size: number) => void, inner?: EntrySink): EntrySink {
  const hash = createHash('sha256')
  let size = 0
  return {
    write: (chunk) => {
      hash.update(chunk)
      size += chunk.length
      return inner?.write(chunk)
    },
    end: async () => {
      await inner?.end()
      onEnd(hash.digest('hex'), size)
    },
  }
}

interface ReadOptions {
  /** Keeps database.sql's text. */
  onDump?: (sql: string) => void
  /** Where uploaded files are written while they are read (a staging folder). */
  filesInto?: string
}

/** Reads the archive whole and checks every part against the manifest; returns the manifest. */
export async function verifyArchive(file: string, options: ReadOptions = {}): Promise<Manifest> {
  let manifest: Manifest | null = null
  const seen = new Map<string, { sha256: string; size: number }>()
  try {
    await readArchive(file, (name, size) => {
      if (!manifest) {
        if (name !== MANIFEST_NAME || size > MAX_MANIFEST_BYTES) throw new Error(`it does not start with ${MANIFEST_NAME}`)
        const chunks: Buffer[] = []
        return {
          write: (chunk) => void chunks.push(chunk),
          end: () => void (manifest = parseManifest(Buffer.concat(chunks).toString('utf8'))),
        }
      }
      const expected = manifest.parts.find((part) => part.name === name)
      if (!expected || seen.has(name)) throw new Error(`it holds ${name}, which its manifest does not list`)
      return hashingSink((sha256, actual) => seen.set(name, { sha256, size: actual }), innerSink(name, options))
    })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') throw new RestoreRefusedError(`There is no archive at ${file}.`)
    if (error instanceof DamagedArchiveError || !code) throw new RestoreRefusedError(refusal(file, (error as Error).message))
    throw error
  }
  if (!manifest) throw new RestoreRefusedError(refusal(file, 'it is empty'))
  for (const part of (manifest as Manifest).parts) {
    const found = seen.get(part.name)
    if (!found) throw new RestoreRefusedError(refusal(file, `${part.name} is missing`))
    if (found.sha256 !== part.sha256 || found.size !== part.size)
      throw new RestoreRefusedError(refusal(file, `${part.name} does not match its SHA-256 in the manifest (altered or damaged)`))
  }
  return manifest
}

function refusal(file: string, reason: string): string {
  return `The archive ${file} cannot be restored: ${reason}. Nothing was changed.`
}

function innerSink(name: string, options: ReadOptions): EntrySink | undefined {
  if (name === DUMP_NAME && options.onDump) {
    const chunks: Buffer[] = []
    return { write: (chunk) => void chunks.push(chunk), end: () => options.onDump!(Buffer.concat(chunks).toString('utf8')) }
  }
  if (name.startsWith(FILES_FOLDER) && options.filesInto) {
    const relative = name.slice(FILES_FOLDER.length)
    if (relative.split('/').some((segment) => segment === '..' || segment === '' || segment.startsWith('.')))
      throw new Error(`it holds a file with an unsafe name (${name})`)
    const file = path.join(options.filesInto, relative)
    let stream: ReturnType<typeof createWriteStream> | null = null
    return {
      write: async (chunk) => {
        if (!stream) {
          await mkdir(path.dirname(file), { recursive: true })
          stream = createWriteStream(file, { mode: 0o600 })
        }
        if (!stream.write(chunk)) await new Promise<void>((resolve) => stream!.once('drain', () => resolve()))
      },
      end: async () => {
        if (!stream) {
          await mkdir(path.dirname(file), { recursive: true })
          stream = createWriteStream(file, { mode: 0o600 })
        }
        stream.end()
        await finished(stream)
      },
    }
  }
  return undefined
}

/** What the target holds, as "12 rows in public.appointments, …", or null when it is empty. */
async function dataHeld(target: SqlRunner): Promise<string | null> {
  const counts = await countRows((sql) => target.rows(sql))
  const held = Object.entries(counts).filter(([table, rows]) => rows > 0 && !BOOKKEEPING_TABLES.has(table))
  if (held.length === 0) return null
  return held.map(([table, rows]) => `${rows} rows in ${table}`).join('; ')
}

export interface RestoreReport {
  manifest: Manifest
  /** The target's description. */
  target: string
  files: number
}

export async function restoreBackup({
  archive,
  target: address,
  storageDir,
  force = false,
}: {
  archive: string
  target: TargetAddress
  storageDir: string
  force?: boolean
}): Promise<RestoreReport> {
  await verifyArchive(archive)
  const target = await openTarget(address)
  const staging = path.join(path.resolve(storageDir), `.restore-${randomBytes(6).toString('hex')}`)
  try {
    const held = await dataHeld(target)
    const filesThere = await storedFiles(storageDir)
    if ((held || filesThere.length > 0) && !force)
      throw new RestoreRefusedError(
        `${held ? `${target.description} already holds data (${held})` : `${storageDir} already holds ${filesThere.length} files`}. ` +
          'Restore into an empty database and storage folder, or add --force to replace what is there. Nothing was changed.',
      )
    let script = ''
    // Read again, now keeping the parts; checked again, in case the file changed since.
    const manifest = await verifyArchive(archive, { onDump: (sql) => (script = sql), filesInto: staging })
    await loadDump(target, script, manifest)
    await target.migrate()
    await replaceFiles(storageDir, staging, filesThere)
    return { manifest, target: target.description, files: manifest.parts.filter((p) => p.name.startsWith(FILES_FOLDER)).length }
  } finally {
    await rm(staging, { recursive: true, force: true })
    await target.close()
  }
}

async function loadDump(target: RestoreTarget, script: string, manifest: Manifest): Promise<void> {
  const known = new Set((await target.rows('select name from pg_settings')).map((row) => String(row.name)))
  // A newer pg_dump sets parameters an older server lacks (transaction_timeout): they only matter to it.
  const statements = splitStatements(script).filter((statement) => {
    const parameter = setParameter(statement)
    return parameter === null || known.has(parameter)
  })
  await target.transaction(async (runner) => {
    // What the target holds is replaced (checked empty, or --force): tables made by a first start go too.
    await runner.exec('drop schema if exists drizzle cascade; drop schema public cascade; create schema public;')
    for (const batch of batches(statements)) await runner.exec(batch)
    await runner.exec("select pg_catalog.set_config('search_path', 'public', true)")
    const counts = await countRows((sql) => runner.rows(sql))
    for (const [table, rows] of Object.entries(manifest.rowCounts)) {
      if (counts[table] !== rows)
        throw new RestoreRefusedError(
          `After loading, ${table} holds ${counts[table] ?? 0} rows where the manifest says ${rows}; the restore was undone.`,
        )
    }
  })
}

/** Puts the archive's files in place of STORAGE_DIR's (after the database is restored). */
async function replaceFiles(storageDir: string, staging: string, previous: string[]): Promise<void> {
  for (const relative of previous) await rm(path.join(storageDir, relative), { force: true })
  for (const relative of await storedFiles(staging)) {
    const destination = path.join(storageDir, relative)
    await mkdir(path.dirname(destination), { recursive: true })
    await rename(path.join(staging, relative), destination)
  }
}
