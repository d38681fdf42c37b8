/**
 * What the running server does for backups: answers `npm run backup` on the control socket (the
 * embedded database, whose folder it holds) and runs the schedule (BACKUP_INTERVAL). It also says
 * what the dashboard shows administrators about them.
 */
import path from 'node:path'
import type { Env } from '../platform/env.server'
import type { Database, DatabaseHandle } from '../platform/db.server'
import { lastBackups, recordedBackup, type BackupPlace, type BackupRecord } from './backup-runs.server'
import { serveBackupRequests } from './control-socket.server'
import { startBackupSchedule } from './schedule.server'

type BackupConfig = Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'STORAGE_DIR' | 'BACKUP_DIR' | 'BACKUP_INTERVAL' | 'BACKUP_KEEP'>

export async function startServerBackups(
  config: BackupConfig,
  handle: DatabaseHandle,
  { schedule = true }: { schedule?: boolean } = {},
): Promise<() => Promise<void>> {
  const source = handle.embedded
    ? { kind: 'embedded' as const, client: handle.embedded }
    : { kind: 'server' as const, url: config.DATABASE_URL! }
  const place: BackupPlace = { source, outDir: config.BACKUP_DIR, storageDir: config.STORAGE_DIR }
  const stops: Array<() => Promise<void>> = []
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
      `Backups: every ${config.BACKUP_INTERVAL / 60_000} minutes into ${path.resolve(config.BACKUP_DIR)}, keeping ${config.BACKUP_KEEP}.`,
    )
  } else if (schedule) console.warn('Backups: BACKUP_INTERVAL is off, so the server makes no backups (docs/configuration.md#backups).')
  return async () => {
    await Promise.all(stops.map((stop) => stop()))
  }
}

/** Older than this, the last backup shows a warning. */
export const STALE_AFTER_MS = 2 * 86_400_000

export type BackupWarning = 'off' | 'failed' | 'stale' | 'none'

export interface BackupStatus {
  last: BackupRecord | null
  lastSuccess: BackupRecord | null
  warning: BackupWarning | null
}

export async function backupStatus(db: Database, intervalMs: number | null, now = new Date()): Promise<BackupStatus> {
  const { last, lastSuccess } = await lastBackups(db)
  let warning: BackupWarning | null = null
  if (intervalMs === null) warning = 'off'
  else if (last?.outcome === 'failed') warning = 'failed'
  else if (!lastSuccess) warning = 'none'
  else if (now.getTime() - lastSuccess.finishedAt.getTime() > STALE_AFTER_MS) warning = 'stale'
  return { last, lastSuccess, warning }
}
