import { createServer, request, type Server } from 'node:http'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { closeAllDeskStreams, deskEventStream } from '~/lib/desk-events/event-stream.server'
import { trackConnections } from './connections'
import { expressHandler } from './request-handler'
import { requestContext } from '~/lib/platform/request-context'

let server: Server | undefined
afterEach(() => {
  closeAllDeskStreams()
  server?.closeAllConnections()
})

/** A server answering every request with a staff desk event stream, as /admin/events does. */
async function eventServer() {
  const app = express()
  app.use(
    expressHandler(
      async (req) => deskEventStream({ memberId: 1, kinds: ['appointment'], counts: { appointment: 0 }, signal: req.signal }),
      {
        getLoadContext: () => requestContext({ nonce: '', clientAddress: '' }),
        bodyLimit: () => 1024,
        payloadTooLarge: () => {},
      },
    ),
  )
  server = createServer()
  const connections = trackConnections(server, { idleGraceMs: 100 })
  server.on('request', app)
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()))
  return { port: (server.address() as { port: number }).port, connections }
}

/** Opens the stream and resolves once its first message arrived. */
function openStream(port: number): Promise<{ closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', path: '/admin/events', headers: { Accept: 'text/event-stream' } }, (res) => {
      const closed = new Promise<void>((done) => res.once('close', () => done()))
      res.once('data', () => resolve({ closed }))
    })
    req.once('error', reject)
    req.end()
  })
}

const within = (ms: number, promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))])

describe('stopping the server with staff pages open', () => {
  it('an open event stream holds up the stop until the streams are ended', async () => {
    const { port, connections } = await eventServer()
    const stream = await openStream(port)
    const drained = connections.drain()
    expect(await within(500, drained)).toBe(false)
    // What the server does on SIGTERM (server/serve.js): the streams end, the connections close.
    expect(closeAllDeskStreams()).toBe(1)
    await drained
    await stream.closed
  })
})
