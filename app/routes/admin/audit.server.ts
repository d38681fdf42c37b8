import type { Route } from './+types/audit'
import { SECTION_ROLES } from '~/lib/access/sections'
import { parseRowId } from '~/lib/platform/row-id'
import { readDateField, sentSolarParts } from '~/lib/i18n/staff-date-fields'
import { toLatinDigits } from '~/lib/i18n/digits'
import { database } from '~/lib/platform/db.server'
import { kabulToday } from '~/lib/requests/date-range'
import { AUDIT_ACTIONS, kabulDayStart, listAudit } from '~/lib/staff/audit.server'
import { requireRole } from '~/lib/staff/staff-context.server'
import { listStaff } from '~/lib/staff/staff.server'

/**
 * A date of the filter as an ISO date: from the Solar Hijri day, month and year of the Dari and
 * Pashto field, or the English field's 'YYYY-MM-DD' (any digits); trimmed to what a date can be.
 */
function dateParam(url: URL, name: string): string {
  return toLatinDigits(readDateField(url.searchParams, name)).trim().slice(0, 10)
}

/**
 * The audit log (administrators only): a page of entries for the filter in the query string. A bad
 * date is answered with its message and the rest of the filter still applied, never a failure.
 */
export async function auditLoader({ request, context }: Route.LoaderArgs) {
  const m = requireRole(context, SECTION_ROLES.audit).messages.admin.audit
  const url = new URL(request.url)
  const requested = url.searchParams.get('action') ?? ''
  const action = (AUDIT_ACTIONS as readonly string[]).includes(requested) ? requested : ''
  const staffId = parseRowId(url.searchParams.get('staff'))
  const from = dateParam(url, 'from')
  const to = dateParam(url, 'to')
  const errors: Record<string, string> = {}
  if (from && !kabulDayStart(from)) errors.from = m.badDate
  if (to && !kabulDayStart(to)) errors.to = m.badDate
  const range = { from: errors.from ? '' : from, to: errors.to ? '' : to }
  if (range.from && range.to && range.from > range.to) errors.form = m.badRange
  const db = await database()
  const [page, members] = await Promise.all([
    listAudit(db, {
      action,
      staffId,
      ...(errors.form ? {} : range),
      after: url.searchParams.get('after'),
    }),
    listStaff(db),
  ])
  return {
    filter: { action, staff: staffId ? String(staffId) : '', from: range.from, to: range.to },
    // A refused date's parts as typed, shown again in its field.
    sent: errors.from || errors.to ? { ...sentSolarParts(url.searchParams, 'from'), ...sentSolarParts(url.searchParams, 'to') } : undefined,
    today: kabulToday(),
    errors,
    actions: AUDIT_ACTIONS,
    members: members.map((member) => ({ id: member.id, name: `${member.displayName} (${member.username})` })),
    entries: page.entries.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
    nextCursor: page.nextCursor,
    paged: Boolean(url.searchParams.get('after')),
  }
}
