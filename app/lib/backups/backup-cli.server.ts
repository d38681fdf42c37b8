/**
 * `npm run backup` and `npm run restore` (scripts/backup.js, scripts/restore.js call these from the
 * server build). Output: a summary, then (backup) the archive's absolute path as the last line of
 * stdout. A failure throws; the script prints its one-line reason and exits with 1.
 */
import { userInfo } from 'node:os'
import path from 'node:path'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from '~db/schema'
import { env } from '../platform/env.server'
import { EmbeddedDatabase } from '../platform/embedded-database.server'
import { FolderInUseError, lockFolder } from '../platform/folder-lock.server'
import type { Database } from '../platform/db.server'
import { recordedBackup, type BackupPlace } from './backup-runs.server'
import type { BackupResult } from './create-backup.server'
import { requestBackup } from './control-socket.server'
import { restoreBackup } from './restore.server'
import { withLocalArchive, type Remote } from './offsite.server'
import { remoteOf } from './server-backups.server'
import { embeddedFolderExists } from './restore-target.server'
import { BackupKeyError, ensureBackupKey, readBackupKey, type BackupKey } from './backup-key.server'

class UsageError extends Error {}

function parseBackupArgs(argv: string[]): { out: string | null } {
  let out: string | null = null
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--out' && argv[i + 1]) out = argv[++i]!
    else if (arg.startsWith('--out=') && arg.length > 6) out = arg.slice(6)
    else throw new UsageError(`Unknown argument ${arg}. Usage: npm run backup [-- --out FOLDER]`)
  }
  return { out }
}

/** A size as people read it: kB below 1 MB. */
function readableSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

export async function runBackup(argv: string[], print: (line: string) => void = console.log): Promise<void> {
  const { out } = parseBackupArgs(argv)
  const config = env()
  const outDir = path.resolve(out ?? config.BACKUP_DIR)
  const started = Date.now()
  const key = () => ensureBackupKey(config, (message) => console.warn(message))
  let result: { path: string; size: number; summary?: string; offsite?: BackupResult['offsite'] }
  if (config.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 1 })
    try {
      const db = drizzlePg({ client: pool, schema }) as unknown as Database
      result = described(
        await recordedBackup(db, {
          source: { kind: 'server', url: config.DATABASE_URL },
          outDir,
          storageDir: config.STORAGE_DIR,
          key,
          remote: remoteOf(config),
        }),
      )
    } finally {
      await pool.end()
    }
  } else {
    const reply = await requestBackup(config.DATA_DIR, outDir)
    if (reply && !reply.ok) throw new Error(reply.error)
    result =
      reply && reply.ok
        ? { ...reply, summary: 'made by the running server' }
        : described(await backupClosedFolder(config.DATA_DIR, outDir, config.STORAGE_DIR, key, remoteOf(config)))
  }
  print(`Backup ${result.summary ?? ''}: ${readableSize(result.size)} in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
  if (result.offsite?.ok) print(`Copied off-site to ${config.BACKUP_REMOTE}.`)
  else if (result.offsite) print(`The off-site copy failed (${result.offsite.error}); the archive is kept here.`)
  print(result.path)
}

function described(result: BackupResult): { path: string; size: number; summary: string; offsite?: BackupResult['offsite'] } {
  const rows = Object.values(result.manifest.rowCounts).reduce((sum, n) => sum + n, 0)
  const files = result.manifest.parts.length - 1
  return {
    path: result.path,
    size: result.size,
    offsite: result.offsite,
    summary: `of ${rows} rows in ${Object.keys(result.manifest.rowCounts).length} tables and ${files} files`,
  }
}

/** No server runs on the folder: this process takes its lock and dumps it. */
async function backupClosedFolder(
  dataDir: string,
  outDir: string,
  storageDir: string,
  key: () => Promise<BackupKey>,
  remote: Remote | undefined,
): Promise<BackupResult> {
  if (!embeddedFolderExists(dataDir)) throw new Error(`There is no embedded database in ${dataDir} (DATA_DIR) to back up.`)
  const lock = await lockFolder(dataDir).catch((error: unknown) => {
    if (error instanceof FolderInUseError)
      throw new Error(`${error.message} It does not answer backup requests: stop it, or upgrade it and try again.`, { cause: error })
    throw error
  })
  let client: EmbeddedDatabase | undefined
  try {
    client = await EmbeddedDatabase.open(path.join(dataDir, 'pglite'))
    const db = drizzlePglite({ client: client.asPGlite(), schema }) as unknown as Database
    const place: BackupPlace = { source: { kind: 'embedded', client }, outDir, storageDir, key, remote }
    return await recordedBackup(db, place)
  } finally {
    await client?.close()
    await lock.release()
  }
}

const RESTORE_USAGE = 'Usage: npm run restore -- ARCHIVE [--force] [--allow-unencrypted] [--allow-superuser]'

interface RestoreArgs {
  archive: string
  force: boolean
  allowUnencrypted: boolean
  allowSuperuser: boolean
}

function parseRestoreArgs(argv: string[]): RestoreArgs {
  let archive: string | null = null
  const flags = { force: false, allowUnencrypted: false, allowSuperuser: false }
  for (const arg of argv) {
    if (arg === '--force') flags.force = true
    else if (arg === '--allow-unencrypted') flags.allowUnencrypted = true
    else if (arg === '--allow-superuser') flags.allowSuperuser = true
    else if (!arg.startsWith('--') && archive === null) archive = arg
    else throw new UsageError(`Unknown argument ${arg}. ${RESTORE_USAGE}`)
  }
  if (!archive)
    throw new UsageError(`Which archive? A file, or a copy on an rclone remote (offsite:clinic/backup-….tar.gz.age). ${RESTORE_USAGE}`)
  return { archive, ...flags }
}

export async function runRestore(argv: string[], print: (line: string) => void = console.log): Promise<void> {
  const args = parseRestoreArgs(argv)
  const config = env()
  const started = Date.now()
  const target = config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR }
  let key: BackupKey | null = null
  try {
    key = await readBackupKey(config)
  } catch (error) {
    // Without a key only an archive of an earlier version restores (--allow-unencrypted); say why the key is missing.
    if (!(error instanceof BackupKeyError)) throw error
    if (!args.allowUnencrypted) throw error
  }
  let report
  try {
    report = await withLocalArchive(args.archive, print, (archive, archiveName) =>
      restoreBackup({
        archive,
        archiveName,
        target,
        storageDir: config.STORAGE_DIR,
        key,
        force: args.force,
        allowUnencrypted: args.allowUnencrypted,
        allowSuperuser: args.allowSuperuser,
        actor: `npm run restore (${userInfo().username})`,
        warn: (line) => console.warn(line),
      }),
    )
  } catch (error) {
    if (error instanceof FolderInUseError) throw new Error(`${error.message} Stop the server before restoring.`, { cause: error })
    throw error
  }
  const { manifest } = report
  const rows = Object.values(manifest.rowCounts).reduce((sum, n) => sum + n, 0)
  print(
    `Restored ${path.basename(args.archive)} (made ${manifest.createdAt} by version ${manifest.appVersion}, ` +
      `migration ${manifest.lastMigration ?? 'none'}) into ${report.target}: ${rows} rows, ${report.files} files, ` +
      `then brought up to date, in ${((Date.now() - started) / 1000).toFixed(1)} s. Everyone signs in again.`,
  )
}
