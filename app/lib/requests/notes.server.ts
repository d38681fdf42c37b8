/** Staff notes on an appointment request or a course registration (deleted with the request). */
import { desc, eq } from 'drizzle-orm'
import { appointments, registrations, requestNotes, staff } from '~db/schema'
import type { Database } from '../platform/db.server'
import type { RequestKind } from './request-status'

export { MAX_NOTE_LENGTH, readNote } from './note-rules'

/** The newest notes a detail page shows. */
const NOTES_SHOWN = 200

export interface RequestNote {
  id: number
  body: string
  createdAt: Date
  author: string | null
}

const column = { appointments: requestNotes.appointmentId, registrations: requestNotes.registrationId } as const
const tables = { appointments, registrations } as const

/**
 * Adds a note to a request; false when the request does not exist. The request's row is share-locked
 * until the note is stored, so a deletion at the same moment waits (and then removes the note too).
 */
export async function addNote(db: Database, kind: RequestKind, requestId: number, body: string, staffId: number | null): Promise<boolean> {
  const table = tables[kind]
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, requestId)).for('share')
    if (!row) return false
    const target = kind === 'appointments' ? { appointmentId: requestId } : { registrationId: requestId }
    await tx.insert(requestNotes).values({ ...target, body, createdBy: staffId })
    return true
  })
}

/** A request's notes, newest first, with who wrote them. */
export async function listNotes(db: Database, kind: RequestKind, requestId: number): Promise<RequestNote[]> {
  return db
    .select({ id: requestNotes.id, body: requestNotes.body, createdAt: requestNotes.createdAt, author: staff.displayName })
    .from(requestNotes)
    .leftJoin(staff, eq(staff.id, requestNotes.createdBy))
    .where(eq(column[kind], requestId))
    .orderBy(desc(requestNotes.id))
    .limit(NOTES_SHOWN)
}
