/**
 * The staff pages' event stream (server-sent events). It opens with the pending counts, then
 * passes on the announcements of the kinds the staff member may see, with a comment every 25 s so
 * proxies keep the connection. A staff member has at most MAX_STREAMS_PER_MEMBER open (one per
 * tab): a new one ends the oldest, telling its tab not to reconnect. A stream also ends after
 * MAX_STREAM_MS, and the browser reconnects through the session check again, so a signed-out or
 * disabled account stops hearing. Signing out, a disabled account, a new role or a new password
 * end the member's streams at once in every process (`endDeskStreams`, desk-bus.server.ts): the
 * tab reconnects through the session check, which refuses it or gives it the new role's kinds.
 * When the session itself is over (signed out, ended, disabled, a new password, two-step sign-in
 * now required) the stream first sends `reload`: the tab loads its page again and lands on the
 * sign-in page (or the set-up) at once. Closing the tab frees everything; `closeAllDeskStreams`
 * ends every stream when the server stops.
 */
import { streamEnds, type DeskCounts, type DeskKind } from './desk-events'
import { subscribeToDesk, type DeskMessage } from './desk-bus.server'

const KEEP_ALIVE_MS = 25_000
const MAX_STREAM_MS = 10 * 60_000
export const MAX_STREAMS_PER_MEMBER = 5
/** How long the browser waits before reconnecting after the stream ends. */
const RETRY_MS = 3_000

const EVENT_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Accel-Buffering': 'no',
} as const

interface OpenStream {
  memberId: number
  /** Ends the stream; with `evicted`, first tells the tab not to reconnect. */
  close(evicted?: boolean): void
}

const open = new Set<OpenStream>()

export interface StreamOptions {
  memberId: number
  /** The session's token hash, so that signing out one session ends its streams only. */
  session?: string
  kinds: readonly DeskKind[]
  counts: DeskCounts
  signal: AbortSignal
  keepAliveMs?: number
  maxStreamMs?: number
}

function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

export function deskEventStream({
  memberId,
  session,
  kinds,
  counts,
  signal,
  keepAliveMs = KEEP_ALIVE_MS,
  maxStreamMs = MAX_STREAM_MS,
}: StreamOptions): Response {
  const encoder = new TextEncoder()
  let cleanup = () => {}
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text))
      }
      const stream: OpenStream = {
        memberId,
        close(evicted = false) {
          if (closed) return
          if (evicted) send(frame('evicted', {}))
          cleanup()
          try {
            controller.close()
          } catch {
            // Already cancelled by the reader.
          }
        },
      }
      const mine = [...open].filter((s) => s.memberId === memberId)
      for (const oldest of mine.slice(0, Math.max(0, mine.length - MAX_STREAMS_PER_MEMBER + 1))) oldest.close(true)
      open.add(stream)

      const unsubscribe = subscribeToDesk((message: DeskMessage) => {
        if (message.type === 'end') {
          if (!streamEnds(message.end, memberId, session)) return
          // The session is over: the tab loads its page again and meets the sign-in page.
          if (message.end.reload) send(frame('reload', {}))
          stream.close()
        } else if (message.type === 'resync') send(frame('resync', {}))
        else if (kinds.includes(message.event.kind)) send(frame('created', message.event))
      })
      const keepAlive = setInterval(() => send(': keep-alive\n\n'), keepAliveMs)
      const lifetime = setTimeout(() => stream.close(), maxStreamMs)
      keepAlive.unref()
      lifetime.unref()
      const onAbort = () => stream.close()
      signal.addEventListener('abort', onAbort)
      cleanup = () => {
        closed = true
        open.delete(stream)
        unsubscribe()
        clearInterval(keepAlive)
        clearTimeout(lifetime)
        signal.removeEventListener('abort', onAbort)
      }
      send(`retry: ${RETRY_MS}\n\n`)
      send(frame('hello', counts))
      if (signal.aborted) stream.close()
    },
    cancel() {
      cleanup()
    },
  })
  return new Response(body, { status: 200, headers: EVENT_STREAM_HEADERS })
}

/** Open streams (of one staff member, or all). */
export function openStreamCount(memberId?: number): number {
  return memberId === undefined ? open.size : [...open].filter((s) => s.memberId === memberId).length
}

/** Ends every open stream (the server is stopping), so no connection waits for it. */
export function closeAllDeskStreams(): number {
  const count = open.size
  for (const stream of [...open]) stream.close()
  return count
}
