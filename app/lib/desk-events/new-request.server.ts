/**
 * What storing a new public request sets off for the staff: inside its transaction, the queued
 * e-mail and the announcement (both dropped if it rolls back); after the commit, the delivery in
 * this process (embedded database) and the e-mail sent without waiting for the next turn.
 */
import type { Database } from '../platform/db.server'
import { queueStaffEmail } from '../mail/outbox.server'
import { wakeStaffMail } from '../mail/staff-mail.server'
import { announceCommitted, announceInTransaction } from './desk-bus.server'
import type { DeskEvent, DeskKind } from './desk-events'

export async function recordNewRequest(tx: Database, kind: DeskKind, id: number): Promise<DeskEvent> {
  await queueStaffEmail(tx, kind, id)
  return announceInTransaction(tx, kind, id)
}

export function newRequestCommitted(event: DeskEvent): void {
  announceCommitted(event)
  wakeStaffMail()
}
