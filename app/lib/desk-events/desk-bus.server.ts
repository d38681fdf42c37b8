/**
 * The server process's side of the announcements. Once a new request is stored,
 * `announceNewRequest` sends it with the pending count. With a PostgreSQL server every process hears
 * every announcement through its LISTEN connection (`listen.server.ts`); on the embedded database,
 * one process and no LISTEN, it is delivered here. The event streams of the staff pages subscribe.
 */
import { sql } from 'drizzle-orm'
import { appointments, registrations } from '~db/schema'
import type { Database } from '../platform/db.server'
import { selectRows } from '../platform/select-rows.server'
import { DESK_CHANNEL, STREAM_END_CHANNEL, type DeskEvent, type DeskKind, type StreamEnd } from './desk-events'

export type DeskMessage = { type: 'created'; event: DeskEvent } | { type: 'resync' } | { type: 'end'; end: StreamEnd }
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

/**
 * Ends a staff member's event streams in every server process (see StreamEnd). Given the
 * transaction that signs them out, the PostgreSQL notification goes out when it commits; on the
 * embedded database (one process) the streams end at once, and a tab that reconnects before the
 * commit meets the session check again anyway.
 */
export async function endDeskStreams(db: Database, end: StreamEnd): Promise<void> {
  if (!listening) {
    deliverDeskMessage({ type: 'end', end })
    return
  }
  await db.execute(sql`select pg_notify(${STREAM_END_CHANNEL}, ${JSON.stringify(end)})`)
}

const TABLES = { appointment: appointments, registration: registrations } as const

/** Announcements one statement carries at most. */
const MOST_PER_STATEMENT = 200

interface Waiting {
  id: number
  resolve: (event: DeskEvent) => void
  reject: (error: unknown) => void
}

/** The announcements waiting for the statement in flight to finish, and whether one is. */
interface Queue {
  waiting: Waiting[]
  sending: boolean
}

/** One queue per database and kind. */
const queues = new WeakMap<Database, Map<DeskKind, Queue>>()

/**
 * Announces a stored request with the pending count of its kind, after the commit (outside the
 * request's transaction, so its commit never waits on the notification queue's lock). With a
 * PostgreSQL server every process hears it through LISTEN, this one included; on the embedded
 * database it is delivered here.
 *
 * One statement at a time per kind: the first announcement goes at once, and those stored while it
 * is on its way go together in the next one (under a crowd of posts, one statement for many).
 */
export function announceNewRequest(db: Database, kind: DeskKind, id: number): Promise<DeskEvent> {
  let byKind = queues.get(db)
  if (!byKind) queues.set(db, (byKind = new Map()))
  let queue = byKind.get(kind)
  if (!queue) byKind.set(kind, (queue = { waiting: [], sending: false }))
  const promise = new Promise<DeskEvent>((resolve, reject) => queue.waiting.push({ id, resolve, reject }))
  if (!queue.sending) void sendWaiting(db, kind, queue)
  return promise
}

async function sendWaiting(db: Database, kind: DeskKind, queue: Queue) {
  queue.sending = true
  while (queue.waiting.length > 0) {
    const batch = queue.waiting.splice(0, MOST_PER_STATEMENT)
    try {
      const pending = await notify(
        db,
        kind,
        batch.map((waiting) => waiting.id),
      )
      for (const waiting of batch) {
        const event: DeskEvent = { kind, id: waiting.id, pending }
        if (!listening) deliverDeskMessage({ type: 'created', event })
        waiting.resolve(event)
      }
    } catch (error) {
      for (const waiting of batch) waiting.reject(error)
    }
  }
  queue.sending = false
}

/** One statement: counts the pending requests of the kind and notifies each id with that count. */
async function notify(db: Database, kind: DeskKind, ids: number[]): Promise<number> {
  const table = TABLES[kind]
  const [row] = await selectRows<{ pending: number }>(
    db,
    sql`
    select counted.pending, pg_notify(${DESK_CHANNEL}, json_build_object('kind', ${kind}::text, 'id', stored.id, 'pending', counted.pending)::text)
    from unnest(string_to_array(${ids.join(',')}, ',')::int[]) with ordinality as stored(id, position),
      (select count(*)::int as pending from ${table} where ${table.status} = 'pending') as counted
    order by stored.position`,
  )
  return Number(row?.pending ?? 0)
}
