/**
 * One LISTEN connection per server process (PostgreSQL only), outside the pool: a pooled
 * connection is handed to other queries and would lose the subscription. When PostgreSQL restarts
 * or the connection drops, it is opened again after a growing pause (0.5 s doubling to 30 s); once
 * it is back the staff pages are told to reload, since announcements made meanwhile were missed.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { errorCode } from '../platform/db.server'
import { DESK_CHANNEL, parseDeskEvent, parseStreamEnd, STREAM_END_CHANNEL } from './desk-events'
import { deliverDeskMessage, setListening, type DeskMessage } from './desk-bus.server'

const RECONNECT_DELAYS_MS = { first: 500, max: 30_000 }

export interface ListenOptions {
  url: string
  /** Where the messages go (the process's subscribers). */
  deliver?: (message: DeskMessage) => void
  delays?: { first: number; max: number }
}

export interface DeskListener {
  /** Resolves once the first LISTEN is in place (or the listener was stopped). */
  ready: Promise<void>
  /** True while a LISTEN connection is open. */
  connected(): boolean
  stop(): Promise<void>
}

export function listenForDeskEvents({ url, deliver = deliverDeskMessage, delays = RECONNECT_DELAYS_MS }: ListenOptions): DeskListener {
  let stopped = false
  let client: pg.Client | null = null
  let open = false
  let wake: (() => void) | null = null
  let markReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => (markReady = resolve))
  setListening(true)

  async function connectOnce(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 })
    const closed = new Promise<void>((resolve) => {
      next.once('end', resolve)
      next.on('error', () => resolve())
    })
    next.on('notification', (message) => {
      if (!message.payload) return
      if (message.channel === STREAM_END_CHANNEL) {
        const end = parseStreamEnd(message.payload)
        if (end) deliver({ type: 'end', end })
        return
      }
      if (message.channel !== DESK_CHANNEL) return
      const event = parseDeskEvent(message.payload)
      if (event) deliver({ type: 'created', event })
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${DESK_CHANNEL}`)
      await next.query(`LISTEN ${STREAM_END_CHANNEL}`)
    } catch (error) {
      await next.end().catch(() => {})
      throw error
    }
    void closed.then(() => {
      open = false
      wake?.()
    })
    return next
  }

  const loop = (async () => {
    let delay = delays.first
    let first = true
    while (!stopped) {
      try {
        client = await connectOnce()
        if (stopped) break
        open = true
        delay = delays.first
        if (first) markReady()
        else deliver({ type: 'resync' })
        first = false
        await new Promise<void>((resolve) => {
          wake = resolve
          if (!open || stopped) resolve()
        })
        wake = null
        if (stopped) break
        console.warn(`The database connection for live updates closed; opening it again in ${delay / 1000} s.`)
      } catch (error) {
        if (stopped) break
        console.warn(`Live updates cannot reach the database (${errorCode(error)}); trying again in ${delay / 1000} s.`)
      }
      await Promise.race([sleep(delay, undefined, { ref: false }), new Promise<void>((resolve) => (wake = resolve))])
      wake = null
      delay = Math.min(delay * 2, delays.max)
    }
    await client?.end().catch(() => {})
    markReady()
  })()

  return {
    ready,
    connected: () => open,
    async stop() {
      stopped = true
      setListening(false)
      wake?.()
      const current = client
      client = null
      await current?.end().catch(() => {})
      await loop
    },
  }
}
