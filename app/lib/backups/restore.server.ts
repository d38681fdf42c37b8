/**
 * Restores an archive into an empty database (and STORAGE_DIR). Before anything is touched the
 * archive is read whole: decrypted and authenticated with the backup key (an encrypted archive),
 * every part checked against the manifest, and every statement of the dump checked against what
 * pg_dump writes for our schema (dump-policy.server.ts). Then it is read again and the dump runs
 * statement by statement, streamed, in one transaction whose row counts must match the manifest;
 * the sessions, sign-ins in progress and password-reset links it brings back are removed, and the
 * restore is recorded. Then the migrations bring an older archive forward.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { countRows } from './dump.server'
import { DUMP_NAME, FILES_FOLDER, MANIFEST_NAME, parseManifest, type Manifest } from './manifest.server'
import { ScriptError, setParameter, StatementReader, type Statement } from './sql-script.server'
import { refusal as statementRefusal } from './dump-policy.server'
import { DamagedArchiveError, readArchive, type EntrySink } from './tar.server'
import { ArchiveAuthenticationError, decryptFromFile, isEncryptedArchive } from './archive-crypto.server'
import type { BackupKey } from './backup-key.server'
import { openTarget, type RestoreTarget, type SqlRunner, type TargetAddress } from './restore-target.server'
import { storedFiles } from './create-backup.server'

export class RestoreRefusedError extends Error {}

/** Tables a server fills on its own on first start: rows there do not make a database "in use". */
const BOOKKEEPING_TABLES = new Set(['public.setup_tokens', 'public.rate_limits', 'public.backup_runs', 'drizzle.__drizzle_migrations'])

const MAX_MANIFEST_BYTES = 4 * 1024 * 1024
/** Statements are sent to the database in batches of about this many characters. */
const BATCH_CHARS = 1_000_000

function refusal(file: string, reason: string): string {
  return `The archive ${file} cannot be restored: ${reason}. Nothing was changed.`
}

/** How to read the archive's plain tar.gz, once per pass. */
type Opener = () => Promise<Readable>

interface ArchiveAccess {
  open: Opener
  encrypted: boolean
}

/**
 * An encrypted archive opens with the key; one written before archives were encrypted only with
 * `allowUnencrypted`, after a warning: nothing proves who made it.
 */
async function accessArchive(
  file: string,
  key: BackupKey | null,
  allowUnencrypted: boolean,
  warn: (line: string) => void,
): Promise<ArchiveAccess> {
  let encrypted: boolean
  try {
    if (!(await stat(file)).isFile()) throw new RestoreRefusedError(refusal(file, 'it is not a file'))
    encrypted = await isEncryptedArchive(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new RestoreRefusedError(`There is no archive at ${file}.`)
    throw error
  }
  if (encrypted) {
    if (!key)
      throw new RestoreRefusedError(
        refusal(file, 'it is encrypted and no backup key is configured (BACKUP_KEY, or BACKUP_KEY_FILE naming the key file)'),
      )
    return { encrypted, open: () => decryptFromFile(file, key.secret) }
  }
  if (!allowUnencrypted)
    throw new RestoreRefusedError(
      refusal(
        file,
        'it is not encrypted, so nothing proves who made it. An archive made by this version is always encrypted with the backup key; ' +
          'only if you made this one yourself with an earlier version, add --allow-unencrypted (its statements are still checked)',
      ),
    )
  warn(
    `WARNING: ${path.basename(file)} is not encrypted. Nothing proves who made it or that it was not altered; ` +
      'restoring it only because --allow-unencrypted was given. Its statements are checked before anything runs.',
  )
  return { encrypted, open: async () => createReadStream(file) }
}

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
  /** Receives database.sql's statements, each already checked, in order. */
  onStatement?: (statement: Statement) => void | Promise<void>
  /** Where uploaded files are written while they are read (a staging folder). */
  filesInto?: string
}

/** A sink that reads the dump as statements and refuses the first one pg_dump would not write. */
function statementSink(onStatement?: ReadOptions['onStatement']): EntrySink {
  const reader = new StatementReader()
  const take = async (statements: Statement[]) => {
    for (const statement of statements) {
      const reason = statementRefusal(statement)
      if (reason)
        throw new RestoreRefusedError(
          `line ${statement.line} of ${DUMP_NAME} holds ${reason}; only what pg_dump writes for this database runs`,
        )
      await onStatement?.(statement)
    }
  }
  const scriptErrors = (work: () => Promise<void>) =>
    work().catch((error: unknown) => {
      if (error instanceof ScriptError) throw new RestoreRefusedError(`line ${error.line} of ${DUMP_NAME}: ${error.message}`)
      throw error
    })
  return {
    write: (chunk) => scriptErrors(() => take(reader.push(chunk))),
    end: () => scriptErrors(() => take(reader.end())),
  }
}

/** Reads the archive whole and checks every part against the manifest; returns the manifest. */
async function readChecked(file: string, open: Opener, options: ReadOptions = {}): Promise<Manifest> {
  let manifest: Manifest | null = null
  const seen = new Map<string, { sha256: string; size: number }>()
  try {
    await readArchive(await open(), (name, size) => {
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
    if (error instanceof RestoreRefusedError) throw new RestoreRefusedError(refusal(file, error.message))
    const code = (error as NodeJS.ErrnoException).code
    if (error instanceof DamagedArchiveError || error instanceof ArchiveAuthenticationError || !code)
      throw new RestoreRefusedError(refusal(file, (error as Error).message))
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

function innerSink(name: string, options: ReadOptions): EntrySink | undefined {
  if (name === DUMP_NAME) return statementSink(options.onStatement)
  if (name.startsWith(FILES_FOLDER)) {
    const relative = name.slice(FILES_FOLDER.length)
    if (relative.split('/').some((segment) => segment === '..' || segment === '' || segment.startsWith('.')))
      throw new Error(`it holds a file with an unsafe name (${name})`)
    if (!options.filesInto) return undefined
    const file = path.join(options.filesInto, relative)
    let stream: ReturnType<typeof createWriteStream> | null = null
    const opened = async () => {
      if (!stream) {
        await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
        stream = createWriteStream(file, { mode: 0o600 })
      }
      return stream
    }
    return {
      write: async (chunk) => {
        const out = await opened()
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
      },
      end: async () => {
        const out = await opened()
        out.end()
        await finished(out)
      },
    }
  }
  return undefined
}

/** Checks an archive whole (key, manifest, statements) without restoring it; returns its manifest. */
export async function verifyArchive(
  file: string,
  {
    key = null,
    allowUnencrypted = false,
    warn = console.warn,
  }: { key?: BackupKey | null; allowUnencrypted?: boolean; warn?: (line: string) => void } = {},
): Promise<Manifest> {
  const access = await accessArchive(file, key, allowUnencrypted, warn)
  return readChecked(file, access.open)
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
  encrypted: boolean
}

export interface RestoreOptions {
  archive: string
  target: TargetAddress
  storageDir: string
  /** The backup key; null when none is configured (then only --allow-unencrypted archives restore). */
  key: BackupKey | null
  force?: boolean
  /** Restores an archive written before archives were encrypted (after a warning). */
  allowUnencrypted?: boolean
  /** Runs the archive's SQL on a PostgreSQL superuser's connection. */
  allowSuperuser?: boolean
  /** Who restores, for the audit log ('npm run restore (deploy)'). */
  actor?: string
  /** The archive's name in the record (a remote copy's own name); the file's name by default. */
  archiveName?: string
  warn?: (line: string) => void
}

export async function restoreBackup({
  archive,
  target: address,
  storageDir,
  key,
  force = false,
  allowUnencrypted = false,
  allowSuperuser = false,
  actor = 'npm run restore',
  archiveName = path.basename(archive),
  warn = console.warn,
}: RestoreOptions): Promise<RestoreReport> {
  const access = await accessArchive(archive, key, allowUnencrypted, warn)
  // First pass: the archive is authenticated and checked whole before the target is even opened.
  await readChecked(archive, access.open)
  const target = await openTarget(address)
  const staging = path.join(path.resolve(storageDir), `.restore-${randomBytes(6).toString('hex')}`)
  try {
    if (target.superuser && !allowSuperuser)
      throw new RestoreRefusedError(
        `${target.description} is reached as a PostgreSQL superuser (${target.user}). A superuser's connection can read and write ` +
          "the server's files and run programs as the operating system's postgres user, so a restore does not use one unless told: " +
          "connect as the database's owner (docs/deploy.md), or add --allow-superuser. Nothing was changed.",
      )
    const held = await dataHeld(target)
    const filesThere = await storedFiles(storageDir)
    if ((held || filesThere.length > 0) && !force)
      throw new RestoreRefusedError(
        `${held ? `${target.description} already holds data (${held})` : `${storageDir} already holds ${filesThere.length} files`}. ` +
          'Restore into an empty database and storage folder, or add --force to replace what is there. Nothing was changed.',
      )
    const manifest = await loadArchive(target, archive, access.open, staging, { actor, archiveName })
    await target.migrate()
    await replaceFiles(storageDir, staging, filesThere)
    return {
      manifest,
      target: target.description,
      files: manifest.parts.filter((p) => p.name.startsWith(FILES_FOLDER)).length,
      encrypted: access.encrypted,
    }
  } finally {
    await rm(staging, { recursive: true, force: true })
    await target.close()
  }
}

/** The columns of backup_runs a restore carries over from the database it replaces. */
const RUN_COLUMNS =
  'trigger text, slot text, started_at timestamptz, finished_at timestamptz, outcome text, archive text, size_bytes bigint, error text'

/** Second pass: the dump runs, streamed, in one transaction; its counts are checked before it is kept. */
async function loadArchive(
  target: RestoreTarget,
  file: string,
  open: Opener,
  staging: string,
  record: { actor: string; archiveName: string },
): Promise<Manifest> {
  const known = new Set((await target.rows('select name from pg_settings')).map((row) => String(row.name)))
  let manifest!: Manifest
  await target.transaction(async (runner) => {
    // The runs of the database being replaced stay in the record: the newest archive is still the newest.
    const earlierRuns = (await runner.rows("select to_regclass('public.backup_runs') is not null as present"))[0]?.present
      ? await runner.rows('select trigger, slot, started_at, finished_at, outcome, archive, size_bytes, error from public.backup_runs')
      : []
    // What the target holds is replaced (checked empty, or --force): tables made by a first start go too.
    await runner.exec('drop schema if exists drizzle cascade; drop schema public cascade; create schema public;')
    let batch: string[] = []
    let size = 0
    const flush = async () => {
      if (batch.length === 0) return
      const sql = batch.join(';\n') + ';'
      batch = []
      size = 0
      await runner.exec(sql)
    }
    manifest = await readChecked(file, open, {
      filesInto: staging,
      onStatement: async (statement) => {
        if (statement.psql) return
        // A newer pg_dump sets parameters an older server lacks (transaction_timeout): they only matter to it.
        const parameter = setParameter(statement.text)
        if (parameter !== null && !known.has(parameter)) return
        batch.push(statement.text)
        size += statement.text.length
        if (size >= BATCH_CHARS) await flush()
      },
    })
    await flush()
    await runner.exec("select pg_catalog.set_config('search_path', 'public', true)")
    const counts = await countRows((sql) => runner.rows(sql))
    for (const [table, rows] of Object.entries(manifest.rowCounts)) {
      if (counts[table] !== rows)
        throw new RestoreRefusedError(
          `After loading, ${table} holds ${counts[table] ?? 0} rows where the manifest says ${rows}; the restore was undone.`,
        )
    }
    await afterLoad(runner, manifest, record, earlierRuns)
  })
  return manifest
}

/**
 * In the restore's transaction: everyone signs in again (no session, sign-in awaiting its second
 * step, password-reset link or setup token of the archive's time works), the earlier database's
 * backup runs and the restored archive's own are in the record, and the restore is in the audit log.
 */
async function afterLoad(
  runner: SqlRunner,
  manifest: Manifest,
  record: { actor: string; archiveName: string },
  earlierRuns: Array<Record<string, unknown>>,
): Promise<void> {
  const present = async (table: string) => Boolean((await runner.rows(`select to_regclass('${table}') is not null as present`))[0]?.present)
  for (const table of ['public.sessions', 'public.password_resets', 'public.setup_tokens'])
    if (await present(table)) await runner.exec(`delete from ${table}`)
  if (await present('public.backup_runs')) {
    await runner.query(
      `insert into public.backup_runs (trigger, slot, started_at, finished_at, outcome, archive, size_bytes, error)
       select * from json_to_recordset($1::json) as r(${RUN_COLUMNS})
       where not exists (select 1 from public.backup_runs b where b.started_at = r.started_at and b.trigger = r.trigger)
       on conflict do nothing`,
      [JSON.stringify(earlierRuns)],
    )
    // The restored archive itself, made at its manifest's time (its own run was unfinished when dumped).
    await runner.query(
      `insert into public.backup_runs (trigger, started_at, finished_at, outcome, archive)
       select 'manual', $1::timestamptz, $1::timestamptz, 'succeeded', $2
       where not exists (select 1 from public.backup_runs where archive = $2 and outcome = 'succeeded')`,
      [manifest.createdAt, record.archiveName],
    )
    await runner.query(
      `insert into public.backup_runs (trigger, started_at, finished_at, outcome, archive) values ('restore', now(), now(), 'succeeded', $1)`,
      [record.archiveName],
    )
  }
  if (await present('public.audit_log'))
    await runner.query(`insert into public.audit_log (actor, action, target, details) values ($1, 'backup-restore', $2, $3::jsonb)`, [
      record.actor,
      `backup:${record.archiveName}`,
      JSON.stringify({ archive: record.archiveName, madeAt: manifest.createdAt, appVersion: manifest.appVersion }),
    ])
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
