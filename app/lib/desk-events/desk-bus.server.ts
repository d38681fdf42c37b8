/**
 * The server process's side of the announcements. A request's transaction calls
 * `announceInTransaction` (PostgreSQL sends the notification only if it commits) and, once it has
 * committed, `announceCommitted`. With a PostgreSQL server every process hears every announcement
 * through its LISTEN connection (`listen.server.ts`); on the embedded database, one process and no
 * LISTEN, `announceCommitted` delivers it here. The event streams of the staff pages subscribe.
 */
import { count, eq, sql } from 'drizzle-orm'
import { appointments, registrations } from '~db/schema'
import type { Database } from '../platform/db.server'
import { DESK_CHANNEL, type DeskEvent, type DeskKind } from './desk-events'

export type DeskMessage = { type: 'created'; event: DeskEvent } | { type: 'resync' }
type Subscriber = (message: DeskMessage) => void

const subscribers = new Set<Subscriber>()
/** True while this process holds a LISTEN connection: announcements then come back through it. */
let listening = false

/** Subscribes to the announcements; returns the unsubscribe function. */
export function subscribeToDesk(subscriber: Subscriber): () => void {
  subscribers.add(subscriber)
  return () => subscribers.delete(subscriber)
}

export function subscriberCount(): number {
  return subscribers.size
}

/** Passes a message to every subscriber of this process; one that throws does not stop the others. */
export function deliverDeskMessage(message: DeskMessage): void {
  for (const subscriber of [...subscribers]) {
    try {
      subscriber(message)
    } catch {
      // A stream that has just closed; it unsubscribes itself.
    }
  }
}

export function setListening(value: boolean): void {
  listening = value
}

const TABLES = { appointment: appointments, registration: registrations } as const

/** Pending requests of a kind, as the transaction sees them. */
async function pendingCount(tx: Database, kind: DeskKind): Promise<number> {
  const table = TABLES[kind]
  const [row] = await tx.select({ n: count() }).from(table).where(eq(table.status, 'pending'))
  return Number(row?.n ?? 0)
}

/**
 * In the transaction that stored a new request: the announcement, sent by PostgreSQL when the
 * transaction commits and dropped if it rolls back. Returns it for `announceCommitted`.
 */
export async function announceInTransaction(tx: Database, kind: DeskKind, id: number): Promise<DeskEvent> {
  const event: DeskEvent = { kind, id, pending: await pendingCount(tx, kind) }
  await tx.execute(sql`select pg_notify(${DESK_CHANNEL}, ${JSON.stringify(event)})`)
  return event
}

/** After the commit: delivers the announcement in this process unless LISTEN brings it back. */
export function announceCommitted(event: DeskEvent): void {
  if (!listening) deliverDeskMessage({ type: 'created', event })
}
