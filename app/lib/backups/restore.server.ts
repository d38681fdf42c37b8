/**
 * Restores an archive into an empty database (and STORAGE_DIR). Before anything is touched the
 * archive is read whole: decrypted and authenticated with the backup key (an encrypted archive),
 * every part checked against the manifest, and every statement of the dump checked against what
 * pg_dump writes for our schema (dump-policy.server.ts). Then it is read again and the dump runs
 * statement by statement, streamed, in one transaction whose row counts must match the manifest;
 * the sessions, sign-ins in progress and password-reset links it brings back are removed, and the
 * restore is recorded. Then the migrations bring an older archive forward.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { countRows } from './dump.server'
import { FILES_FOLDER, type Manifest } from './manifest.server'
import { setParameter } from './sql-script.server'
import type { BackupKey } from './backup-key.server'
import { openTarget, type RestoreTarget, type SqlRunner, type TargetAddress } from './restore-target.server'
import { storedFiles } from './create-backup.server'
import { accessArchive, readChecked, RestoreRefusedError, type Opener } from './archive-reader.server'

/** Tables a server fills on its own on first start: rows there do not make a database "in use". */
const BOOKKEEPING_TABLES = new Set(['public.setup_tokens', 'public.rate_limits', 'public.backup_runs', 'drizzle.__drizzle_migrations'])

/** Statements are sent to the database in batches of about this many characters. */
const BATCH_CHARS = 1_000_000

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
