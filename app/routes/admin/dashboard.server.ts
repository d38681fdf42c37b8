import type { BackupSummary } from '~/components/admin/backup-card'
import { backupStatus } from '~/lib/backups/server-backups.server'
import type { Database } from '~/lib/platform/db.server'
import { env } from '~/lib/platform/env.server'

/** What the dashboard shows administrators about backups: the last one, and what needs their attention. */
export async function dashboardBackups(db: Database): Promise<BackupSummary> {
  const { last, lastSuccess, warning } = await backupStatus(db, env().BACKUP_INTERVAL)
  return {
    warning,
    lastSuccess: lastSuccess ? { finishedAt: lastSuccess.finishedAt.toISOString(), sizeBytes: lastSuccess.sizeBytes } : null,
    failedAt: last?.outcome === 'failed' ? last.finishedAt.toISOString() : null,
  }
}
