/**
 * The e-mail outbox: rows written in the request's transaction, claimed by a sender, marked sent
 * or given a later attempt. Claiming moves the row's next attempt past the time a send may take
 * (a lease), in a statement that skips rows another process holds, so two senders never take the
 * same row and a sender that dies mid-send leaves the row to be tried again after the lease.
 */
import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm'
import { notificationOutbox } from '~db/schema'
import type { Database } from '../platform/db.server'
import type { DeskKind } from '../desk-events/desk-events'

/** Pauses before the 2nd, 3rd … attempt; the last one repeats. */
export const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000] as const
/** A row not sent within this time is given up (a day-old alert is no alert). */
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000
/** A claimed row is not claimed again for this long (longer than a send may take). */
const CLAIM_LEASE_MS = 2 * 60_000
/** Rows are deleted this long after they were written, sent or not. */
const KEEP_ROWS_MS = 30 * 24 * 60 * 60_000

let queueing = false

/** Whether new requests queue an e-mail (true while the sender runs, that is while SMTP_URL is set). */
export function setStaffMailQueueing(value: boolean): void {
  queueing = value
}

export function staffEmailQueueing(): boolean {
  return queueing
}

/** In the request's transaction: queues the staff e-mail about it, when e-mail is configured. */
export async function queueStaffEmail(tx: Database, kind: DeskKind, requestId: number, now = new Date()): Promise<void> {
  if (!queueing) return
  await tx.insert(notificationOutbox).values({ kind, requestId, createdAt: now, nextAttemptAt: now })
}

function retryDelayMs(attempts: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1]!
}

export interface ClaimedRow {
  id: number
  kind: DeskKind
  requestId: number
  attempts: number
  createdAt: Date
}

/** Takes one due row (not sent, its time come, not given up) and leases it; null when none is due. */
export async function claimDueRow(db: Database, now = new Date()): Promise<ClaimedRow | null> {
  const oldest = new Date(now.getTime() - GIVE_UP_AFTER_MS)
  const due = db
    .select({ id: notificationOutbox.id })
    .from(notificationOutbox)
    .where(and(isNull(notificationOutbox.sentAt), lte(notificationOutbox.nextAttemptAt, now), gt(notificationOutbox.createdAt, oldest)))
    .orderBy(notificationOutbox.nextAttemptAt, notificationOutbox.id)
    .limit(1)
    .for('update', { skipLocked: true })
  const [row] = await db
    .update(notificationOutbox)
    .set({ attempts: sql`${notificationOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(sql`${notificationOutbox.id} = (${due})`)
    .returning({
      id: notificationOutbox.id,
      kind: notificationOutbox.kind,
      requestId: notificationOutbox.requestId,
      attempts: notificationOutbox.attempts,
      createdAt: notificationOutbox.createdAt,
    })
  return row ? { ...row, kind: row.kind as DeskKind } : null
}

export async function markSent(db: Database, id: number, now = new Date()): Promise<void> {
  await db.update(notificationOutbox).set({ sentAt: now, lastError: null }).where(eq(notificationOutbox.id, id))
}

/** Records a failed attempt; returns when the next one is due, or null when the row is given up. */
export async function markFailed(db: Database, row: ClaimedRow, error: string, now = new Date()): Promise<Date | null> {
  const next = new Date(now.getTime() + retryDelayMs(row.attempts))
  const givenUp = next.getTime() >= row.createdAt.getTime() + GIVE_UP_AFTER_MS
  await db
    .update(notificationOutbox)
    .set({ lastError: (givenUp ? `gave up: ${error}` : error).slice(0, 200), nextAttemptAt: next })
    .where(eq(notificationOutbox.id, row.id))
  return givenUp ? null : next
}

/** The request is gone (deleted by staff before the e-mail went out): nothing to send. */
export async function dropRow(db: Database, id: number): Promise<void> {
  await db.delete(notificationOutbox).where(eq(notificationOutbox.id, id))
}

/** Deletes rows written more than KEEP_ROWS_MS ago. */
export async function deleteOldRows(db: Database, now = new Date()): Promise<void> {
  await db.delete(notificationOutbox).where(lt(notificationOutbox.createdAt, new Date(now.getTime() - KEEP_ROWS_MS)))
}
