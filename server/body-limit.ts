/**
 * Request bodies, read with a limit. Every byte is counted as it arrives, whether the client
 * declared a Content-Length or sends chunks, and reading stops at the route's limit: nothing past it
 * is kept in memory.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

/** After an early answer, what the client still sends is read and thrown away for at most this long… */
const LINGER_MS = 5_000
/** …and at most this many bytes, then the connection is closed. */
const LINGER_MAX_BYTES = 64 * 1024 * 1024

class PayloadTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body over ${limit} bytes`)
    this.name = 'PayloadTooLargeError'
  }
}

/** The declared Content-Length, or null when the body is chunked or absent. */
export function declaredLength(req: IncomingMessage): number | null {
  const header = req.headers['content-length']
  if (header === undefined || req.headers['transfer-encoding'] !== undefined) return null
  const length = Number(header)
  return Number.isSafeInteger(length) && length >= 0 ? length : null
}

/** Whether the request carries a body at all (declared or chunked). */
export function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || (declaredLength(req) ?? 0) > 0
}

export interface LimitedBody {
  /** The body for a fetch `Request`; it fails with PayloadTooLargeError past the limit. */
  stream: ReadableStream<Uint8Array>
  /** Whether the whole body has arrived within the limit. */
  complete(): boolean
  /** Stops reading (the stream fails if it was still open); what is left is for closeAfterAnswer. */
  release(): void
}

/**
 * The request body as a web stream that stops at `limit` bytes. Past the limit the stream fails,
 * reading stops and `onTooLarge` runs once. Reading pauses while the stream's reader is behind, so
 * a slow consumer never lets the body pile up in memory.
 */
export function readBodyWithin(req: IncomingMessage, limit: number, onTooLarge: () => void): LimitedBody {
  let received = 0
  let settled = false
  let complete = false
  let controller!: ReadableStreamDefaultController<Uint8Array>

  function detach() {
    req.off('data', onData)
    req.off('end', onEnd)
    req.off('error', onError)
    req.off('close', onClose)
    req.pause()
  }
  function fail(error: Error) {
    if (settled) return
    settled = true
    detach()
    controller.error(error)
  }
  function onData(chunk: Buffer) {
    received += chunk.byteLength
    if (received > limit) {
      fail(new PayloadTooLargeError(limit))
      onTooLarge()
      return
    }
    controller.enqueue(new Uint8Array(chunk))
    if ((controller.desiredSize ?? 0) <= 0) req.pause()
  }
  function onEnd() {
    if (settled) return
    settled = true
    complete = true
    detach()
    controller.close()
  }
  function onError(error: Error) {
    fail(error)
  }
  function onClose() {
    // The connection ended before the body did.
    if (!req.complete) fail(new Error('The request body was cut off'))
  }

  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c
        req.on('data', onData)
        req.on('end', onEnd)
        req.on('error', onError)
        req.on('close', onClose)
      },
      pull() {
        if (!settled) req.resume()
      },
      cancel() {
        settled = true
        detach()
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  )
  return {
    stream,
    complete: () => complete,
    release: () => fail(new Error('The request body is no longer read')),
  }
}

/**
 * For an answer sent before the request body was read in full. The answer says
 * `Connection: close`; once it is out, the server half-closes the connection and keeps reading
 * and discarding what the client still sends (for at most LINGER_MS and LINGER_MAX_BYTES), then
 * closes. Closing at once would make the kernel answer the unread bytes with a reset, which can
 * destroy the answer on the client's side before the client has read it.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close')
  const socket = req.socket
  let discarded = 0
  let bodyEnded = req.complete
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.byteLength
    if (discarded > LINGER_MAX_BYTES) socket.destroy()
  })
  req.once('end', () => {
    bodyEnded = true
    // Everything has been read: nothing is left that could turn the close into a reset.
    if (res.writableFinished) socket.destroy()
  })
  req.resume()
  // Node closes a `Connection: close` response's socket as soon as the answer is written.
  socket.destroySoon = function lingeringClose(this: typeof socket) {
    if (bodyEnded) {
      this.end()
      this.once('finish', () => this.destroy())
      return
    }
    this.end()
    const timer = setTimeout(() => this.destroy(), LINGER_MS)
    timer.unref()
    this.once('close', () => clearTimeout(timer))
  }
}
