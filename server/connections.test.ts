import { createServer, type Server } from 'node:http'
import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { trackConnections } from './connections'

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve())))

function listen(): Promise<{ port: number; connections: ReturnType<typeof trackConnections> }> {
  server = createServer()
  const connections = trackConnections(server, { idleGraceMs: 100 })
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the shutdown of keep-alive connections', () => {
  it('answers a request that waits unread on an idle connection while the event loop was busy', async () => {
    const { port, connections } = await listen()
    const socket = connect(port, '127.0.0.1')
    const received = collect(socket)
    socket.write(REQUEST)
    await expect.poll(() => received.text(), { timeout: 5_000 }).toContain('ok')

    const drained = connections.drain()
    await sleep(60) // idle, not yet for the whole grace; the sweeper is running
    // The request arrives while the main thread is busy (as while the embedded database works),
    // after this turn's reads: the next turn of the event loop runs the sweeper's timer first.
    setImmediate(() => {
      socket.write(REQUEST)
      const busyUntil = Date.now() + 200
      while (Date.now() < busyUntil) {
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
    const started = Date.now()
    await connections.drain()
    expect(await received.ended).toBeNull()
    expect(Date.now() - started).toBeLessThan(2_000)
  })
})
