/**
 * What the running server does for backups: answers `npm run backup` on the control socket (the
 * embedded database, whose folder it holds) and runs the schedule (BACKUP_INTERVAL). It also says
 * what the dashboard shows administrators about them.
 */
import path from 'node:path'
import type { Env } from '../platform/env.server'
import type { Database, DatabaseHandle } from '../platform/db.server'
import { lastBackups, lastOffsiteCopies, lastRestore, recordedBackup, type BackupPlace, type BackupRecord } from './backup-runs.server'
import type { Remote } from './offsite.server'
import { ensureBackupKey, type BackupKey } from './backup-key.server'
import { privateFolder } from './create-backup.server'
import { serveBackupRequests } from './control-socket.server'
import { startBackupSchedule } from './schedule.server'

type BackupConfig = Pick<
  Env,
  | 'DATABASE_URL'
  | 'DATA_DIR'
  | 'STORAGE_DIR'
  | 'BACKUP_DIR'
  | 'BACKUP_INTERVAL'
  | 'BACKUP_KEEP'
  | 'BACKUP_KEY'
  | 'BACKUP_KEY_FILE'
  | 'BACKUP_REMOTE'
  | 'BACKUP_REMOTE_KEEP'
>

/** BACKUP_REMOTE and BACKUP_REMOTE_KEEP, when a remote is set. */
export function remoteOf(config: Pick<Env, 'BACKUP_REMOTE' | 'BACKUP_REMOTE_KEEP'>): Remote | undefined {
  return config.BACKUP_REMOTE ? { path: config.BACKUP_REMOTE, keep: config.BACKUP_REMOTE_KEEP } : undefined
}

/** The key, created on first need (announced loudly on the server's output), then kept. */
function keyOnce(config: BackupConfig): () => Promise<BackupKey> {
  let pending: Promise<BackupKey> | undefined
  return () => {
    pending ??= ensureBackupKey(config, (message) => console.warn(message)).catch((error: unknown) => {
      pending = undefined
      throw error
    })
    return pending
  }
}

export async function startServerBackups(
  config: BackupConfig,
  handle: DatabaseHandle,
  { schedule = true }: { schedule?: boolean } = {},
): Promise<() => Promise<void>> {
  const source = handle.embedded
    ? { kind: 'embedded' as const, client: handle.embedded }
    : { kind: 'server' as const, url: config.DATABASE_URL! }
  const place: BackupPlace = {
    source,
    outDir: config.BACKUP_DIR,
    storageDir: config.STORAGE_DIR,
    key: keyOnce(config),
    remote: remoteOf(config),
  }
  const stops: Array<() => Promise<void>> = []
  if (schedule && config.BACKUP_INTERVAL !== null) {
    // Scheduled backups need the key: a first start makes it now, where the operator sees the message.
    await privateFolder(path.resolve(config.BACKUP_DIR))
    await place.key()
  }
  if (handle.embedded) {
    try {
      const control = await serveBackupRequests(config.DATA_DIR, (out) =>
        recordedBackup(handle.db, { ...place, outDir: out ?? place.outDir }),
      )
      stops.push(control.close)
    } catch (error) {
      // The server works without it; npm run backup then says no server answers.
      console.warn(
        `npm run backup cannot reach this server (${(error as NodeJS.ErrnoException).code ?? 'error'}): its control socket did not open.`,
      )
    }
  }
  if (schedule && config.BACKUP_INTERVAL !== null) {
    const scheduled = startBackupSchedule({ db: handle.db, place, intervalMs: config.BACKUP_INTERVAL, keep: config.BACKUP_KEEP })
    stops.push(scheduled.stop)
    console.info(
      `Backups: every ${config.BACKUP_INTERVAL / 60_000} minutes into ${path.resolve(config.BACKUP_DIR)}, keeping ${config.BACKUP_KEEP}` +
        (place.remote ? `, copied to ${place.remote.path} (keeping ${place.remote.keep} there).` : '; no off-site copy (BACKUP_REMOTE).'),
    )
  } else if (schedule) console.warn('Backups: BACKUP_INTERVAL is off, so the server makes no backups (docs/configuration.md#backups).')
  return async () => {
    await Promise.all(stops.map((stop) => stop()))
  }
}

/** Older than this, the last backup shows a warning. */
const STALE_AFTER_MS = 2 * 86_400_000

type BackupWarning = 'off' | 'failed' | 'stale' | 'none'

type OffsiteWarning = 'failed' | 'stale' | 'none'

export interface BackupStatus {
  last: BackupRecord | null
  lastSuccess: BackupRecord | null
  warning: BackupWarning | null
  restored: { archive: string; finishedAt: Date } | null
  /** With BACKUP_REMOTE: the last successful off-site copy, and what needs attention. */
  offsite: { lastSuccess: BackupRecord | null; failedAt: Date | null; warning: OffsiteWarning | null } | null
}

export async function backupStatus(
  db: Database,
  intervalMs: number | null,
  { remote = false, now = new Date() }: { remote?: boolean; now?: Date } = {},
): Promise<BackupStatus> {
  const [{ last, lastSuccess }, restored, copies] = await Promise.all([
    lastBackups(db),
    lastRestore(db),
    remote ? lastOffsiteCopies(db) : null,
  ])
  let offsite: BackupStatus['offsite'] = null
  if (copies) {
    let copyWarning: OffsiteWarning | null = null
    if (copies.last?.outcome === 'failed') copyWarning = 'failed'
    else if (!copies.lastSuccess) copyWarning = 'none'
    else if (now.getTime() - copies.lastSuccess.finishedAt.getTime() > STALE_AFTER_MS) copyWarning = 'stale'
    offsite = {
      lastSuccess: copies.lastSuccess,
      failedAt: copies.last?.outcome === 'failed' ? copies.last.finishedAt : null,
      warning: copyWarning,
    }
  }
  let warning: BackupWarning | null = null
  if (intervalMs === null) warning = 'off'
  else if (last?.outcome === 'failed') warning = 'failed'
  else if (!lastSuccess) warning = 'none'
  else if (now.getTime() - lastSuccess.finishedAt.getTime() > STALE_AFTER_MS) warning = 'stale'
  return { last, lastSuccess, warning, restored, offsite }
}
