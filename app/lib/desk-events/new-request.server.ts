/**
 * What storing a new public request sets off for the staff. The row and, when staff e-mail is on,
 * its queued e-mail are stored together (one transaction; without e-mail, the row's own statement).
 * Once stored: the e-mail is sent without waiting for the sender's next turn, and the request is
 * announced to the staff pages with the pending count. The visitor waits for neither.
 */
import type { Database } from '../platform/db.server'
import { queueStaffEmail, staffEmailQueueing } from '../mail/outbox.server'
import { wakeStaffMail } from '../mail/staff-mail.server'
import { announceNewRequest } from './desk-bus.server'
import type { DeskEvent, DeskKind } from './desk-events'

/** Stores a request with `insert` (its id, or null when it was already stored) and queues its e-mail. */
export async function storeNewRequest(
  db: Database,
  kind: DeskKind,
  insert: (db: Database) => Promise<number | null>,
): Promise<number | null> {
  if (!staffEmailQueueing()) return insert(db)
  return db.transaction(async (tx) => {
    const id = await insert(tx)
    if (id !== null) await queueStaffEmail(tx, kind, id)
    return id
  })
}

/** After the request is stored: its e-mail on its way, and its announcement. */
export function newRequestStored(db: Database, kind: DeskKind, id: number): Promise<DeskEvent> {
  wakeStaffMail()
  return announceNewRequest(db, kind, id)
}
