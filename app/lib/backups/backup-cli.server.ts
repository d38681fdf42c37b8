/**
 * `npm run backup` and `npm run restore` (scripts/backup.js, scripts/restore.js call these from the
 * server build). Output: a summary, then (backup) the archive's absolute path as the last line of
 * stdout. A failure throws; the script prints its one-line reason and exits with 1.
 */
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
import { embeddedFolderExists } from './restore-target.server'

export class UsageError extends Error {}

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

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

export async function runBackup(argv: string[], print: (line: string) => void = console.log): Promise<void> {
  const { out } = parseBackupArgs(argv)
  const config = env()
  const outDir = path.resolve(out ?? config.BACKUP_DIR)
  const started = Date.now()
  let result: { path: string; size: number; summary?: string }
  if (config.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 1 })
    try {
      const db = drizzlePg({ client: pool, schema }) as unknown as Database
      result = described(
        await recordedBackup(db, { source: { kind: 'server', url: config.DATABASE_URL }, outDir, storageDir: config.STORAGE_DIR }),
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
        : described(await backupClosedFolder(config.DATA_DIR, outDir, config.STORAGE_DIR))
  }
  print(`Backup ${result.summary ?? ''}: ${megabytes(result.size)} in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
  print(result.path)
}

function described(result: BackupResult): { path: string; size: number; summary: string } {
  const rows = Object.values(result.manifest.rowCounts).reduce((sum, n) => sum + n, 0)
  const files = result.manifest.parts.length - 1
  return {
    path: result.path,
    size: result.size,
    summary: `of ${rows} rows in ${Object.keys(result.manifest.rowCounts).length} tables and ${files} files`,
  }
}

/** No server runs on the folder: this process takes its lock and dumps it. */
async function backupClosedFolder(dataDir: string, outDir: string, storageDir: string): Promise<BackupResult> {
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
    const place: BackupPlace = { source: { kind: 'embedded', client }, outDir, storageDir }
    return await recordedBackup(db, place)
  } finally {
    await client?.close()
    await lock.release()
  }
}

function parseRestoreArgs(argv: string[]): { archive: string; force: boolean } {
  let archive: string | null = null
  let force = false
  for (const arg of argv) {
    if (arg === '--force') force = true
    else if (!arg.startsWith('--') && archive === null) archive = arg
    else throw new UsageError(`Unknown argument ${arg}. Usage: npm run restore -- ARCHIVE [--force]`)
  }
  if (!archive) throw new UsageError('Which archive? Usage: npm run restore -- ARCHIVE [--force]')
  return { archive: path.resolve(archive), force }
}

export async function runRestore(argv: string[], print: (line: string) => void = console.log): Promise<void> {
  const { archive, force } = parseRestoreArgs(argv)
  const config = env()
  const started = Date.now()
  const target = config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR }
  let report
  try {
    report = await restoreBackup({ archive, target, storageDir: config.STORAGE_DIR, force })
  } catch (error) {
    if (error instanceof FolderInUseError) throw new Error(`${error.message} Stop the server before restoring.`, { cause: error })
    throw error
  }
  const { manifest } = report
  const rows = Object.values(manifest.rowCounts).reduce((sum, n) => sum + n, 0)
  print(
    `Restored ${path.basename(archive)} (made ${manifest.createdAt} by version ${manifest.appVersion}, ` +
      `migration ${manifest.lastMigration ?? 'none'}) into ${report.target}: ${rows} rows, ${report.files} files, ` +
      `then brought up to date, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  )
}
