/**
 * The dashboard's site analytics card (docs/product.md#site-analytics): visitors and page views for
 * today, 7 and 30 days, a 30-day chart drawn as SVG on the server with the same numbers in a table
 * beside it (no chart script), and the last 30 days' pages, languages, referrers, devices, broken
 * links and the two conversions. N/A when counting is off (ANALYTICS=off).
 */
import { useId, type ReactNode } from 'react'
import { useAdmin } from '~/components/admin/admin-data'
import { adminCard } from '~/components/admin/ui'
import { adminSecondaryButton } from '~/components/ui/button'
import type { AnalyticsSummary, Conversion } from '~/lib/analytics/summary'
import { pageName } from '~/lib/analytics/page-names'
import { formatDate } from '~/lib/i18n/dates'
import { formatNumber } from '~/lib/i18n/digits'
import type { Locale } from '~/lib/i18n/locale'
import { format } from '~/locales'

export interface SiteAnalyticsData {
  summary: AnalyticsSummary
  /** Titles of the counted articles and news posts, by page, in the staff member's language. */
  postTitles: Record<string, string>
}

const heading = 'text-sm font-semibold uppercase tracking-wide text-slate-600'
const table = 'mt-2 w-full text-sm'
const cell = 'py-1 pe-2 text-start'
const number = 'py-1 text-end tabular-nums'

/** The card: counts, or N/A when `data` is null (counting off). */
export function SiteAnalyticsCard({ data }: { data: SiteAnalyticsData | null }) {
  const { messages, locale } = useAdmin()
  const t = messages.siteAnalytics
  if (!data) {
    return (
      <section className={adminCard} aria-labelledby="site-analytics-title">
        <h2 id="site-analytics-title" className={heading}>
          {t.title}
        </h2>
        <p className="mt-2 text-4xl font-bold text-slate-900">{t.off}</p>
        <p className="mt-1 text-sm text-slate-700">{t.offNote}</p>
      </section>
    )
  }
  const { summary, postTitles } = data
  const n = (value: number) => formatNumber(value, locale)
  const titles = new Map(Object.entries(postTitles))
  return (
    <section className={`${adminCard} sm:col-span-2 lg:col-span-3`} aria-labelledby="site-analytics-title">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="site-analytics-title" className={heading}>
          {t.title}
        </h2>
        <a href="/admin/analytics/export" download className={adminSecondaryButton}>
          {t.exportCsv}
        </a>
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        {(['today', 'week', 'month'] as const).map((period) => (
          <div key={period} className="rounded-md border border-slate-200 p-3" data-period={period}>
            <dt className="text-sm font-medium text-slate-700">{t[period]}</dt>
            <dd className="mt-1 flex flex-wrap gap-x-4">
              <span>
                <span className="text-2xl font-bold text-slate-900">{n(summary.totals[period].visitors)}</span> {t.visitors}
              </span>
              <span>
                <span className="text-2xl font-bold text-slate-900">{n(summary.totals[period].views)}</span> {t.views}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-600">{t.visitorsNote}</p>
      {summary.totals.month.views === 0 && summary.totals.month.visitors === 0 ? <p className="mt-4 text-slate-700">{t.empty}</p> : null}
      <DailyChart summary={summary} locale={locale} t={t} />
      <p className="mt-6 text-sm font-medium text-slate-700">{t.period}</p>
      <div className="mt-2 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        <Ranking
          title={t.topPages}
          columns={[t.page, t.views]}
          rows={summary.pages.map((row) => [pageName(row.page, t.pages, titles), n(row.views)])}
        />
        <Ranking
          title={t.languages}
          columns={[t.language, t.views]}
          rows={summary.languages.map((row) => [t.languageNames[row.locale], n(row.views)])}
        />
        <Ranking
          title={t.referrers}
          columns={[t.referrer, t.views]}
          rows={summary.referrers.map((row) => [<bdi key="site">{row.site === '(other)' ? t.other : row.site}</bdi>, n(row.views)])}
          empty={t.noReferrers}
        />
        <Ranking
          title={t.devices}
          columns={[t.device, t.views]}
          rows={summary.devices.map((row) => [t.deviceNames[row.device], n(row.views)])}
        />
        <Ranking
          title={t.notFound}
          columns={[t.address, t.count]}
          rows={summary.notFound.map((row) => [
            <bdi key="path" dir="ltr" className="break-all font-mono text-xs">
              {row.path === '(other)' ? t.other : readablePath(row.path)}
            </bdi>,
            n(row.count),
          ])}
          empty={t.noNotFound}
        />
      </div>
      <h3 className={`${heading} mt-6`}>{t.conversions}</h3>
      <div className="mt-2 grid gap-6 md:grid-cols-2">
        <ConversionTable title={t.appointmentConversion} rows={summary.conversions.appointment} locale={locale} t={t} />
        <ConversionTable title={t.registrationConversion} rows={summary.conversions.registration} locale={locale} t={t} />
      </div>
    </section>
  )
}

type Texts = ReturnType<typeof useAdmin>['messages']['siteAnalytics']

function Ranking({
  title,
  columns,
  rows,
  empty,
}: {
  title: string
  columns: [string, string]
  rows: Array<[ReactNode, string]>
  empty?: string
}) {
  const titleId = useId()
  return (
    <div>
      <h3 id={titleId} className="font-semibold text-slate-900">
        {title}
      </h3>
      {rows.length === 0 && empty ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <table className={table} aria-labelledby={titleId}>
          <thead className="sr-only">
            <tr>
              <th scope="col">{columns[0]}</th>
              <th scope="col">{columns[1]}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, value], i) => (
              <tr key={i} className="border-t border-slate-100">
                <th scope="row" className={`${cell} font-normal`}>
                  {label}
                </th>
                <td className={number}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}

function ConversionTable({ title, rows, locale, t }: { title: string; rows: Conversion[]; locale: Locale; t: Texts }) {
  const total = rows.reduce((sum, row) => ({ views: sum.views + row.views, requests: sum.requests + row.requests }), {
    views: 0,
    requests: 0,
  })
  const line = (label: string, row: { views: number; requests: number }, key: string) => (
    <tr key={key} className="border-t border-slate-100">
      <th scope="row" className={`${cell} font-normal`}>
        {label}
      </th>
      <td className={number}>{formatNumber(row.views, locale)}</td>
      <td className={number}>{formatNumber(row.requests, locale)}</td>
      <td className={number}>{rate(row, locale)}</td>
    </tr>
  )
  return (
    <table className={table}>
      <caption className="text-start font-semibold text-slate-900">{title}</caption>
      <thead>
        <tr className="text-slate-600">
          <th scope="col" className={cell}>
            {t.language}
          </th>
          <th scope="col" className="py-1 text-end">
            {t.pageViews}
          </th>
          <th scope="col" className="py-1 text-end">
            {t.requests}
          </th>
          <th scope="col" className="py-1 text-end">
            {t.rate}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => line(t.languageNames[row.locale], row, row.locale))}
        {line(t.allLanguages, total, 'all')}
      </tbody>
    </table>
  )
}

/** Requests per page view, as a percentage; a dash without views. */
function rate({ views, requests }: { views: number; requests: number }, locale: Locale): string {
  if (views === 0) return '–'
  const percent = formatNumber((requests / views) * 100, locale, { maximumFractionDigits: 1 })
  return locale === 'en' ? `${percent}%` : `${percent}٪`
}

/** A 404 path as people typed it (percent-escapes decoded where they read). */
function readablePath(path: string): string {
  try {
    return decodeURI(path)
  } catch {
    return path
  }
}

const CHART = { width: 600, height: 180, top: 10, bottom: 24, left: 8, right: 8 }

/**
 * The 30 days as bars (page views) with a line (visitors), drawn on the server; the table beside it
 * holds the same numbers for screen readers and for reading exact values.
 */
function DailyChart({ summary, locale, t }: { summary: AnalyticsSummary; locale: Locale; t: Texts }) {
  const { days } = summary
  const max = Math.max(1, ...days.map((d) => Math.max(d.views, d.visitors)))
  const plotHeight = CHART.height - CHART.top - CHART.bottom
  const step = (CHART.width - CHART.left - CHART.right) / days.length
  const y = (value: number) => CHART.top + plotHeight - (value / max) * plotHeight
  const x = (i: number) => CHART.left + i * step
  const short = (day: string) => formatDate(day, locale, { withGregorian: false })
  const line = days.map((d, i) => `${(x(i) + step / 2).toFixed(1)},${y(d.visitors).toFixed(1)}`).join(' ')
  const first = days[0]!.day
  const last = days[days.length - 1]!.day
  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-[3fr_2fr]">
      <figure>
        <figcaption className="font-semibold text-slate-900">{t.chartTitle}</figcaption>
        <svg
          viewBox={`0 0 ${CHART.width} ${CHART.height}`}
          role="img"
          aria-labelledby="site-analytics-chart-desc"
          className="mt-2 h-auto w-full"
          direction="ltr"
        >
          <desc id="site-analytics-chart-desc">
            {format(t.chartSummary, {
              first: short(first),
              last: short(last),
              count: Math.max(0, ...days.map((d) => d.views)),
            })}
          </desc>
          <line x1={CHART.left} x2={CHART.width - CHART.right} y1={y(0)} y2={y(0)} className="stroke-slate-300" />
          {days.map((d, i) => (
            <rect
              key={d.day}
              x={x(i) + 1}
              width={Math.max(1, step - 2)}
              y={y(d.views)}
              height={y(0) - y(d.views)}
              className="fill-sky-600"
            />
          ))}
          <polyline points={line} fill="none" strokeWidth={2} className="stroke-amber-500" />
          <text x={CHART.left} y={CHART.height - 6} fontSize={11} className="fill-slate-600">
            {short(first)}
          </text>
          <text x={CHART.width - CHART.right} y={CHART.height - 6} fontSize={11} textAnchor="end" className="fill-slate-600">
            {short(last)}
          </text>
        </svg>
        <p className="mt-1 flex gap-4 text-xs text-slate-700" aria-hidden="true">
          <span>
            <span className="me-1 inline-block h-2 w-3 bg-sky-600" />
            {t.views}
          </span>
          <span>
            <span className="me-1 inline-block h-0.5 w-3 bg-amber-500 align-middle" />
            {t.visitors}
          </span>
        </p>
      </figure>
      <details className="rounded-md border border-slate-200 lg:self-start">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">{t.perDay}</summary>
        <table className="w-full text-sm">
          <caption className="sr-only">{t.chartTitle}</caption>
          <thead className="sticky top-0 bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-2 py-1 text-start">
                {t.day}
              </th>
              <th scope="col" className="px-2 py-1 text-end">
                {t.visitors}
              </th>
              <th scope="col" className="px-2 py-1 text-end">
                {t.views}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((d) => (
              <tr key={d.day} className="border-t border-slate-100">
                <th scope="row" className="px-2 py-1 text-start font-normal">
                  {short(d.day)}
                </th>
                <td className="px-2 py-1 text-end tabular-nums">{formatNumber(d.visitors, locale)}</td>
                <td className="px-2 py-1 text-end tabular-nums">{formatNumber(d.views, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  )
}
