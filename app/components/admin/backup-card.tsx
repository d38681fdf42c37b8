import { adminCard } from '~/components/admin/ui'
import { useAdmin } from '~/components/admin/admin-data'
import { format } from '~/locales'
import { formatDate } from '~/lib/i18n/dates'
import { formatNumber } from '~/lib/i18n/digits'

export interface BackupSummary {
  warning: 'off' | 'failed' | 'stale' | 'none' | null
  /** The last successful backup: when it finished (ISO) and the archive's size. */
  lastSuccess: { finishedAt: string; sizeBytes: number | null } | null
  /** When the last attempt failed (ISO), when it did. */
  failedAt: string | null
}

const WARNING_TEXT = { off: 'backupOff', failed: 'backupFailed', stale: 'backupStale', none: 'backupNone' } as const

/** The administrators' view of backups on the dashboard (docs/configuration.md#backups). */
export function BackupCard({ summary }: { summary: BackupSummary }) {
  const { messages, locale } = useAdmin()
  const t = messages.dashboard
  const { lastSuccess, warning, failedAt } = summary
  return (
    <section className={adminCard} aria-labelledby="backups-title">
      <h2 id="backups-title" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t.backups}
      </h2>
      {lastSuccess ? (
        <>
          <p className="mt-2 text-slate-900">
            {format(t.backupLast, { time: formatDate(new Date(lastSuccess.finishedAt), locale, { withTime: true }) })}
          </p>
          {lastSuccess.sizeBytes !== null ? (
            <p className="mt-1 text-2xl font-bold text-slate-900">
              {format(t.backupSize, { size: formatNumber(lastSuccess.sizeBytes / 1024 / 1024, locale, { maximumFractionDigits: 1 }) })}
            </p>
          ) : null}
        </>
      ) : null}
      {warning ? (
        <div role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p>{t[WARNING_TEXT[warning]]}</p>
          {warning === 'failed' && failedAt ? (
            <p className="mt-1">{format(t.backupLastFailedAt, { time: formatDate(new Date(failedAt), locale, { withTime: true }) })}</p>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
