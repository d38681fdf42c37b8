import { adminCard } from '~/components/admin/ui'
import { useAdmin } from '~/components/admin/admin-data'
import { format, type Messages } from '~/locales'
import type { Locale } from '~/lib/i18n/locale'
import { formatDate } from '~/lib/i18n/dates'
import { formatNumber } from '~/lib/i18n/digits'

export interface BackupSummary {
  warning: 'off' | 'failed' | 'stale' | 'none' | null
  /** The last successful backup: when it finished (ISO) and the archive's size. */
  lastSuccess: { finishedAt: string; sizeBytes: number | null } | null
  /** When the last attempt failed (ISO), when it did. */
  failedAt: string | null
  /** The last restore: the archive's name and when (ISO). */
  restored: { archive: string; at: string } | null
  /** With BACKUP_REMOTE: the last successful off-site copy (ISO), a failure's time, and what needs attention. */
  offsite: { lastSuccessAt: string | null; failedAt: string | null; warning: 'failed' | 'stale' | 'none' | null } | null
}

const WARNING_TEXT = { off: 'backupOff', failed: 'backupFailed', stale: 'backupStale', none: 'backupNone' } as const
const OFFSITE_WARNING_TEXT = { failed: 'backupOffsiteFailed', stale: 'backupOffsiteStale', none: 'backupOffsiteNone' } as const

const MB = 1024 * 1024

/** An archive's size as people read it: kB below 1 MB ("18 kB", not "0 MB"), MB with one decimal above. */
export function backupSizeText(
  bytes: number,
  t: Pick<Messages['admin']['dashboard'], 'backupSize' | 'backupSizeKb'>,
  locale: Locale,
): string {
  return bytes < MB
    ? format(t.backupSizeKb, { size: formatNumber(Math.max(1, Math.round(bytes / 1024)), locale) })
    : format(t.backupSize, { size: formatNumber(bytes / MB, locale, { maximumFractionDigits: 1 }) })
}

/** The administrators' view of backups on the dashboard (docs/configuration.md#backups). */
export function BackupCard({ summary }: { summary: BackupSummary }) {
  const { messages, locale } = useAdmin()
  const t = messages.dashboard
  const { lastSuccess, warning, failedAt, restored, offsite } = summary
  const time = (iso: string) => formatDate(new Date(iso), locale, { withTime: true })
  const size = (bytes: number) => backupSizeText(bytes, t, locale)
  const notice = 'mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950'
  return (
    <section className={adminCard} aria-labelledby="backups-title">
      <h2 id="backups-title" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t.backups}
      </h2>
      {lastSuccess ? (
        <>
          <p className="mt-2 text-slate-900">{format(t.backupLast, { time: time(lastSuccess.finishedAt) })}</p>
          {lastSuccess.sizeBytes !== null ? <p className="mt-1 text-2xl font-bold text-slate-900">{size(lastSuccess.sizeBytes)}</p> : null}
        </>
      ) : null}
      {offsite?.lastSuccessAt ? (
        <p className="mt-2 text-slate-900">{format(t.backupOffsiteLast, { time: time(offsite.lastSuccessAt) })}</p>
      ) : null}
      {restored ? (
        <p className="mt-2 text-sm text-slate-700">{format(t.backupRestored, { archive: restored.archive, time: time(restored.at) })}</p>
      ) : null}
      {warning ? (
        <div role="status" className={notice}>
          <p>{t[WARNING_TEXT[warning]]}</p>
          {warning === 'failed' && failedAt ? <p className="mt-1">{format(t.backupLastFailedAt, { time: time(failedAt) })}</p> : null}
        </div>
      ) : null}
      {offsite?.warning ? (
        <div role="status" className={notice}>
          <p>{t[OFFSITE_WARNING_TEXT[offsite.warning]]}</p>
          {offsite.warning === 'failed' && offsite.failedAt ? (
            <p className="mt-1">{format(t.backupLastFailedAt, { time: time(offsite.failedAt) })}</p>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
