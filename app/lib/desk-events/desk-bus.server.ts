/**
 * The server process's side of the announcements. Once a new request is stored,
 * `announceNewRequest` sends it with the pending count. With a PostgreSQL server every process hears
 * every announcement through its LISTEN connection (`listen.server.ts`); on the embedded database,
 * one process and no LISTEN, it is delivered here. The event streams of the staff pages subscribe.
 */
import { sql } from 'drizzle-orm'
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

/**
 * Announces a stored request with the pending count of its kind, in one statement after the commit
 * (outside the request's transaction, so its commit never waits on the notification queue's lock).
 * With a PostgreSQL server every process hears it through LISTEN, this one included; on the embedded
 * database it is delivered here.
 */
export async function announceNewRequest(db: Database, kind: DeskKind, id: number): Promise<DeskEvent> {
  const table = TABLES[kind]
  const result = await db.execute(sql`
    select counted.pending, pg_notify(${DESK_CHANNEL}, json_build_object('kind', ${kind}::text, 'id', ${id}::int, 'pending', counted.pending)::text)
    from (select count(*)::int as pending from ${table} where ${table.status} = 'pending') as counted`)
  const pending = Number((result as unknown as { rows: Array<{ pending: number }> }).rows[0]?.pending ?? 0)
  const event: DeskEvent = { kind, id, pending }
  if (!listening) deliverDeskMessage({ type: 'created', event })
  return event
}
