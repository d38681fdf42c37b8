import { and, asc, gte, inArray, lt } from 'drizzle-orm'
import { appointments } from '~db/schema'
import type { Database } from '../platform/db.server'
import { AGENDA_LIMIT, AGENDA_STATUSES } from './agenda'

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
