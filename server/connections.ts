/**
 * The server's open connections, for a shutdown that loses no answer. When the stop begins the
 * server stops accepting connections; every answer still to be sent says `Connection: close` (so
 * Node closes its connection once the answer is out and the client opens no request on it); keep-alive
 * connections that sit idle are closed after a short grace, so a client that picked one up just as
 * the stop began still gets its answer instead of a reset.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { Server as NetServer, type Socket } from 'node:net'

/** How long an idle keep-alive connection may stay open once the stop has begun. */
const IDLE_GRACE_MS = 1_000

interface ConnectionState {
  /** Requests on this connection not yet answered in full. */
  active: number
  idleSince: number
}

export interface Connections {
  /** Stops accepting connections and resolves once every open one has closed. */
  drain(): Promise<void>
  /** Closes every connection at once; returns how many were open. */
  destroyAll(): number
}

/** Must be called before the application's own 'request' listener is added. */
export function trackConnections(server: Server, { idleGraceMs = IDLE_GRACE_MS } = {}): Connections {
  const sockets = new Map<Socket, ConnectionState>()
  const responses = new Set<ServerResponse>()
  let stopping = false
  let drained: (() => void) | undefined
  let sweeper: NodeJS.Timeout | undefined

  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { active: 0, idleSince: Date.now() })
    socket.once('close', () => {
      sockets.delete(socket)
      if (stopping && sockets.size === 0) finish()
    })
  })

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const state = sockets.get(req.socket)
    if (state) state.active++
    responses.add(res)
    if (stopping) res.setHeader('Connection', 'close')
    res.once('close', () => {
      responses.delete(res)
      if (state) {
        state.active--
        state.idleSince = Date.now()
      }
    })
  })

  function finish() {
    clearInterval(sweeper)
    drained?.()
  }

  function closeIdle() {
    const now = Date.now()
    const idle: Array<[Socket, number]> = []
    for (const [socket, state] of sockets) {
      if (state.active === 0 && now - state.idleSince >= idleGraceMs) idle.push([socket, socket.bytesRead])
    }
    if (idle.length === 0) return
    // Timers run before pending reads are handled: after the event loop was busy (the embedded
    // database works on the main thread), a request may already wait unread on an "idle"
    // connection. Closing it then would reset that request, so the connections are closed only
    // after this turn's reads, and only if nothing arrived on them meanwhile.
    setImmediate(() => {
      for (const [socket, bytesRead] of idle) {
        const state = sockets.get(socket)
        if (state && state.active === 0 && socket.bytesRead === bytesRead) socket.destroy()
      }
    })
  }

  return {
    drain() {
      return new Promise<void>((resolve) => {
        drained = resolve
        if (stopping) return
        stopping = true
        // net.Server's close, not http.Server's: the latter also drops idle keep-alive connections
        // at once, and a request the client sends on one at that moment is then lost.
        NetServer.prototype.close.call(server)
        for (const res of responses) if (!res.headersSent) res.setHeader('Connection', 'close')
        if (sockets.size === 0) {
          finish()
          return
        }
        sweeper = setInterval(closeIdle, Math.max(50, idleGraceMs / 4))
        sweeper.unref()
      })
    },
    destroyAll() {
      const open = sockets.size
      for (const socket of sockets.keys()) socket.destroy()
      return open
    },
  }
}
