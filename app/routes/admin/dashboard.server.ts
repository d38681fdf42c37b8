import type { BackupSummary } from '~/components/admin/backup-card'
import { backupStatus } from '~/lib/backups/server-backups.server'
import { env } from '~/lib/platform/env.server'
import type { Route } from './+types/dashboard'
import { SECTION_ROLES } from '~/lib/access/sections'
import { requireRole, roleAllows } from '~/lib/staff/auth.server'
import { database, type Database } from '~/lib/platform/db.server'
import { requestCounts } from '~/lib/requests/requests.server'

/** What the dashboard shows administrators about backups: the last one, and what needs their attention. */
async function dashboardBackups(db: Database): Promise<BackupSummary> {
  const config = env()
  const { last, lastSuccess, warning, restored, offsite } = await backupStatus(db, config.BACKUP_INTERVAL, {
    remote: Boolean(config.BACKUP_REMOTE),
  })
  return {
    warning,
    lastSuccess: lastSuccess ? { finishedAt: lastSuccess.finishedAt.toISOString(), sizeBytes: lastSuccess.sizeBytes } : null,
    failedAt: last?.outcome === 'failed' ? last.finishedAt.toISOString() : null,
    restored: restored ? { archive: restored.archive, at: restored.finishedAt.toISOString() } : null,
    offsite: offsite
      ? {
          lastSuccessAt: offsite.lastSuccess?.finishedAt.toISOString() ?? null,
          failedAt: offsite.failedAt?.toISOString() ?? null,
          warning: offsite.warning,
        }
      : null,
  }
}

/** The dashboard (docs/product.md#requests): the request counts this role may see (plus how many are pending) and quick links. */
export async function dashboardLoader({ request }: Route.LoaderArgs) {
  const member = await requireRole(request, SECTION_ROLES.dashboard)
  const db = await database()
  const [appointments, registrations] = await Promise.all([
    roleAllows(member.role, SECTION_ROLES.patients) ? requestCounts(db, 'appointments') : null,
    roleAllows(member.role, SECTION_ROLES.students) ? requestCounts(db, 'registrations') : null,
  ])
  // Backups concern administrators only: they run the machine.
  const backups = member.role === 'admin' ? await dashboardBackups(db) : null
  return { appointments, registrations, backups, quickLinks: roleAllows(member.role, SECTION_ROLES.content) }
}
