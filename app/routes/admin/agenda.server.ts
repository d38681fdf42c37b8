import { data } from 'react-router'
import { SECTION_ROLES } from '~/lib/access/sections'
import { database } from '~/lib/platform/db.server'
import { AGENDA_LIMIT, agendaPeriod, groupByKabulDay } from '~/lib/requests/agenda'
import { listAgenda, type AgendaVisit } from '~/lib/requests/agenda.server'
import { describeError } from '~/lib/requests/describe-error'
import { serverTiming } from '~/lib/requests/server-timing'
import { requireRole } from '~/lib/staff/staff-context.server'
import type { Route } from './+types/agenda'

/** The agenda screen's loader: the day or week in the query string, grouped by Kabul day. */
export async function agendaLoader({ request, context }: Pick<Route.LoaderArgs, 'request' | 'context'>) {
  requireRole(context, SECTION_ROLES.agenda)
  const url = new URL(request.url)
  const period = agendaPeriod(url.searchParams)
  const { days, start: _start, end: _end, ...view } = period
  const started = performance.now()
  try {
    const visits = await listAgenda(await database(), period.start, period.end)
    const more = visits.length > AGENDA_LIMIT
    const groups = groupByKabulDay(days, visits.slice(0, AGENDA_LIMIT))
    return data({ ok: true as const, ...view, groups, more }, { headers: serverTiming(started) })
  } catch (error) {
    console.error(`Loading the agenda failed: ${describeError(error)}`)
    return data({ ok: false as const, ...view, groups: days.map((day) => ({ day, visits: [] as AgendaVisit[] })), more: false })
  }
}
