import { and, asc, gte, inArray, lt } from 'drizzle-orm'
import { data } from 'react-router'
import { appointments } from '~db/schema'
import { SECTION_ROLES } from '../access/sections'
import { database, type Database } from '../platform/db.server'
import { requireRole } from '../staff/auth.server'
import { AGENDA_LIMIT, AGENDA_STATUSES, agendaPeriod, groupByKabulDay } from './agenda'
import { describeError } from './request-routes.server'
import { serverTiming } from './server-timing'

export interface AgendaVisit {
  id: number
  name: string
  phone: string
  status: string
  confirmedFor: Date
}

/**
 * The confirmed visits between two instants, in time order, at most `limit` (+1 to tell that there
 * are more). Read through the index on confirmed_for.
 */
export async function listAgenda(db: Database, start: Date, end: Date, limit = AGENDA_LIMIT): Promise<AgendaVisit[]> {
  const rows = await db
    .select({
      id: appointments.id,
      name: appointments.name,
      phone: appointments.phone,
      status: appointments.status,
      confirmedFor: appointments.confirmedFor,
    })
    .from(appointments)
    .where(
      and(gte(appointments.confirmedFor, start), lt(appointments.confirmedFor, end), inArray(appointments.status, [...AGENDA_STATUSES])),
    )
    .orderBy(asc(appointments.confirmedFor), asc(appointments.id))
    .limit(limit + 1)
  return rows as AgendaVisit[]
}

/** The agenda screen's loader: the day or week in the query string, grouped by Kabul day. */
export async function loadAgenda(request: Request) {
  await requireRole(request, SECTION_ROLES.agenda)
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
