/**
 * The dashboard's site analytics card and its CSV export (docs/product.md#site-analytics): the
 * summary of the last 30 days, or null when counting is off (ANALYTICS=off).
 */
import type { SiteAnalyticsData } from '~/components/admin/site-analytics-card'
import { postPagesOf } from '~/lib/analytics/page-names'
import { analyticsCsv, analyticsSummary } from '~/lib/analytics/store.server'
import { SECTION_ROLES } from '~/lib/access/sections'
import { isoDateIn } from '~/lib/i18n/dates'
import type { Locale } from '~/lib/i18n/locale'
import { database, type Database } from '~/lib/platform/db.server'
import { env } from '~/lib/platform/env.server'
import { postTitlesByPage } from '~/lib/posts/post-titles.server'
import { requireRole } from '~/lib/staff/staff-context.server'
import type { RouterContextProvider } from 'react-router'

/** The card's data for a staff member reading in `locale`; null when visits are not counted. */
export async function siteAnalyticsCard(db: Database, locale: Locale): Promise<SiteAnalyticsData | null> {
  if (env().ANALYTICS !== 'on') return null
  const summary = await analyticsSummary(db)
  return { summary, postTitles: await postTitlesByPage(db, postPagesOf(summary.pages.map((row) => row.page)), locale) }
}

/** GET /admin/analytics/export: every stored daily count as CSV, for the roles that see the dashboard. */
export async function exportSiteAnalytics(context: Readonly<RouterContextProvider>): Promise<Response> {
  requireRole(context, SECTION_ROLES.dashboard)
  const csv = await analyticsCsv(await database())
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="site-analytics-${isoDateIn(new Date())}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
