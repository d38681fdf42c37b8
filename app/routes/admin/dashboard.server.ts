import type { BackupSummary } from '~/components/admin/backup-card'
import { backupStatus } from '~/lib/backups/server-backups.server'
import { env } from '~/lib/platform/env.server'
import type { Route } from './+types/dashboard'
import { SECTION_ROLES } from '~/lib/access/sections'
import { roleAllows } from '~/lib/staff/auth.server'
import { requireRole } from '~/lib/staff/staff-context.server'
import { database, type Database } from '~/lib/platform/db.server'
import { requestCounts } from '~/lib/requests/requests.server'
import { countMissingLanguages, seedCollections } from '~/lib/site/editor-schemas'
import { readDocument } from '~/lib/site/site-documents.server'
import type { Messages } from '~/locales'
import { siteAnalyticsCard } from './+shared/site-analytics.server'
import { staffSecretKey } from '~/lib/staff/two-step/key.server'

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

/** Per collection, the published items that show English to Dari or Pashto readers, named in the reader's language. */
async function missingTranslations(messages: Messages, db: Database) {
  const [stored, content] = await Promise.all([readDocument(db, 'collections'), readDocument(db, 'content')])
  const tabs = messages.editor.collections.tabs
  return countMissingLanguages(stored?.value ?? seedCollections(content?.value.fees)).map((entry) => ({
    ...entry,
    name: tabs[entry.collection],
  }))
}

/** The dashboard (docs/product.md#requests): the request counts this role may see (plus how many are pending) and quick links. */
export async function dashboardLoader({ context }: Route.LoaderArgs) {
  const member = requireRole(context, SECTION_ROLES.dashboard)
  const db = await database()
  const [appointments, registrations] = await Promise.all([
    roleAllows(member.role, SECTION_ROLES.patients) ? requestCounts(db, 'appointments') : null,
    roleAllows(member.role, SECTION_ROLES.students) ? requestCounts(db, 'registrations') : null,
  ])
  // Backups concern administrators only: they run the machine.
  const backups = member.role === 'admin' ? await dashboardBackups(db) : null
  // Content in two of three languages concerns those who edit the site: administrators and editors.
  const translations = roleAllows(member.role, SECTION_ROLES.collections) ? await missingTranslations(member.messages, db) : null
  const analytics = await siteAnalyticsCard(db, member.locale)
  // Without STAFF_SECRET_KEY the authenticator secrets are stored unencrypted: administrators are told.
  const secretsUnencrypted = member.role === 'admin' && staffSecretKey() === null
  return {
    appointments,
    registrations,
    backups,
    translations,
    analytics,
    secretsUnencrypted,
    quickLinks: roleAllows(member.role, SECTION_ROLES.content),
  }
}
