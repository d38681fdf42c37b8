import { Link } from 'react-router'
import type { Route } from './+types/dashboard'
import { dashboardLoader } from './dashboard.server'
import { useAdmin } from '~/components/admin/admin-data'
import { AdminRouteError } from '~/components/admin/route-error'
import { adminCard } from '~/components/admin/ui'
import { format, type PluralForms } from '~/locales'
import { formatNumber } from '~/lib/i18n/digits'
import { useRevalidateOnDeskEvent } from '~/lib/desk-events/use-desk-events'
import { BackupCard } from '~/components/admin/backup-card'
import { TranslationsCard } from '~/components/admin/translations-card'
import { SiteAnalyticsCard } from '~/components/admin/site-analytics-card'

/** The dashboard (docs/product.md#requests): the request counts this role may see (plus how many are pending) and quick links. */
export const loader = (args: Route.LoaderArgs) => dashboardLoader(args)

function CountCard({
  title,
  counts,
  to,
  pendingText,
  viewAll,
}: {
  title: string
  counts: { total: number; pending: number }
  to: string
  pendingText: PluralForms
  viewAll: string
}) {
  return (
    <Link
      to={to}
      className={`${adminCard} block hover:border-slate-400 focus-visible:outline focus-visible:outline-2 focus-visible:outline-slate-900`}
    >
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h2>
      <p className="mt-2 text-4xl font-bold text-slate-900">{formatNumber(counts.total, useAdmin().locale)}</p>
      <p className="mt-1 text-sm">
        <span className="rounded-full bg-yellow-100 px-2 py-0.5 font-medium text-yellow-900">
          {format(pendingText, { count: counts.pending })}
        </span>
      </p>
      <p className="mt-3 text-sm font-medium text-slate-700 underline">{viewAll}</p>
    </Link>
  )
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { messages, staff } = useAdmin()
  useRevalidateOnDeskEvent()
  const t = messages.dashboard
  const { appointments, registrations, backups, translations, analytics, secretsUnencrypted, quickLinks } = loaderData
  return (
    <div>
      <h1 className="text-2xl font-bold">{t.title}</h1>
      <p className="mt-1 text-slate-700">{format(t.welcome, { name: staff.displayName })}</p>
      {secretsUnencrypted ? (
        <p
          role="note"
          data-testid="secrets-unencrypted"
          className="mt-4 max-w-3xl rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          {t.secretsUnencrypted}
        </p>
      ) : null}
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {appointments ? (
          <CountCard title={t.appointments} counts={appointments} to="/admin/patients" pendingText={t.pending} viewAll={t.viewAll} />
        ) : null}
        {registrations ? (
          <CountCard title={t.registrations} counts={registrations} to="/admin/students" pendingText={t.pending} viewAll={t.viewAll} />
        ) : null}
        {backups ? <BackupCard summary={backups} /> : null}
        {translations ? <TranslationsCard missing={translations} /> : null}
        <SiteAnalyticsCard data={analytics} />
      </div>
      {quickLinks ? (
        <section className="mt-8">
          <h2 className="text-lg font-semibold">{t.quickActions}</h2>
          <ul className="mt-3 flex flex-wrap gap-3">
            {[
              ['/admin/content', t.editContent],
              ['/admin/theme', t.changeTheme],
              ['/admin/media', t.manageMedia],
            ].map(([to, label]) => (
              <li key={to}>
                <Link
                  to={to!}
                  className="inline-block rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-100"
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

export const ErrorBoundary = AdminRouteError
