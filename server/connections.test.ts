import { createServer, type Server } from 'node:http'
import { connect, type Socket } from 'node:net'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { trackConnections } from './connections'

const IDLE_GRACE_TEST_MS = 100

let server: Server | undefined
// Only Date is faked: the sweeper's timers and the sockets run as usual, and idle time passes only
// when a test moves the clock.
beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }))
afterEach(() => {
  vi.useRealTimers()
  return new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve()))
})

function listen(): Promise<{ port: number; connections: ReturnType<typeof trackConnections> }> {
  server = createServer()
  const connections = trackConnections(server, { idleGraceMs: IDLE_GRACE_TEST_MS })
  server.on('request', (_req, res) => res.end('ok'))
  return new Promise((resolve) =>
    server!.listen(0, '127.0.0.1', () => resolve({ port: (server!.address() as { port: number }).port, connections })),
  )
}

const REQUEST = 'GET / HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n'

/** Everything the socket receives until it closes, and the error it saw, if any. */
function collect(socket: Socket): { text: () => string; ended: Promise<string | null> } {
  let received = ''
  socket.on('data', (chunk) => (received += chunk.toString()))
  const ended = new Promise<string | null>((resolve) => {
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    socket.once('close', () => resolve(null))
  })
  return { text: () => received, ended }
}

describe('the shutdown of keep-alive connections', () => {
  it('answers a request that waits unread on an idle connection while the event loop was busy', async () => {
    const { port, connections } = await listen()
    const socket = connect(port, '127.0.0.1')
    const received = collect(socket)
    socket.write(REQUEST)
    await expect.poll(() => received.text(), { timeout: 5_000 }).toContain('ok')

    // The clock stands still until the request is sent, so the sweeper finds nothing to close however
    // slowly this machine runs; then it moves past the grace.
    const drained = connections.drain()
    // The request arrives while the main thread is busy (as while the embedded database works), after
    // this turn's reads: the next turn of the event loop runs the sweeper's timer (due by then) first.
    setImmediate(() => {
      socket.write(REQUEST)
      vi.setSystemTime(Date.now() + 10 * IDLE_GRACE_TEST_MS)
      const busyUntil = performance.now() + 200
      while (performance.now() < busyUntil) {
        // busy
      }
    })

    const error = await received.ended
    await drained
    expect(error).toBeNull()
    expect(received.text().match(/HTTP\/1\.1 200/g)).toHaveLength(2)
    expect(received.text()).toMatch(/Connection: close/i)
  })

  it('closes connections that stay idle once the stop has begun', async () => {
    const { port, connections } = await listen()
    const socket = connect(port, '127.0.0.1')
    const received = collect(socket)
    socket.write(REQUEST)
    await expect.poll(() => received.text(), { timeout: 5_000 }).toContain('ok')
    const drained = connections.drain()
    vi.setSystemTime(Date.now() + IDLE_GRACE_TEST_MS)
    await drained
    expect(await received.ended).toBeNull()
  })
})
