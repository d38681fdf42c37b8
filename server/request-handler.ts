/**
 * Hands Express requests to React Router, in place of @react-router/express: the same conversion
 * of a Node request into a fetch `Request` and of the `Response` back, plus the body limit (a body
 * over its route's limit is answered 413 before any route code sees it, declared or chunked) and a
 * response writer that waits for the socket without piling up listeners.
 */
import type { IncomingHttpHeaders } from 'node:http'
import type express from 'express'
import { createRequestHandler as createReactRouterHandler, type RouterContextProvider, type ServerBuild } from 'react-router'
import { requestScheme } from './scheme'
import { closeAfterAnswer, declaredLength, hasBody, readBodyWithin, type LimitedBody } from './body-limit'

export interface AdapterOptions {
  getLoadContext: (req: express.Request, res: express.Response) => RouterContextProvider | Promise<RouterContextProvider>
  /** The most a request to this URL may send, in bytes. */
  bodyLimit: (req: express.Request) => number
  /** Answers a body over its limit; the headers have not been sent. */
  payloadTooLarge: (req: express.Request, res: express.Response, limit: number) => void
}

export interface RequestHandlerOptions extends AdapterOptions {
  build: ServerBuild | (() => ServerBuild | Promise<ServerBuild>)
  mode?: string
  /** Wraps React Router's handler (the page cache). */
  wrap?: (handler: FetchHandler) => FetchHandler
}

export type FetchHandler = (request: Request, context: RouterContextProvider) => Promise<Response>

export function createRequestHandler({
  build,
  mode,
  wrap = (handler) => handler,
  ...options
}: RequestHandlerOptions): express.RequestHandler {
  return expressHandler(wrap(createReactRouterHandler(build, mode ?? process.env.NODE_ENV)), options)
}

/** An Express handler around a fetch-style handler (React Router's, or any other in tests). */
export function expressHandler(handleRequest: FetchHandler, options: AdapterOptions): express.RequestHandler {
  return async (req, res, next) => {
    const limit = options.bodyLimit(req)
    let answeredEarly = false
    try {
      const readsBody = req.method !== 'GET' && req.method !== 'HEAD'
      if (readsBody && (declaredLength(req) ?? 0) > limit) {
        tooLarge()
        return
      }

      const controller = new AbortController()
      res.on('close', () => {
        if (!res.writableFinished) controller.abort()
      })
      let body: LimitedBody | undefined
      if (readsBody) {
        body = readBodyWithin(req, limit, () => {
          // The route's work is dropped (its request is aborted) and the client is told why.
          controller.abort()
          if (!res.headersSent) tooLarge()
          else closeAfterAnswer(req, res)
        })
        if (String(req.headers.expect).toLowerCase() === '100-continue') res.writeContinue()
      }

      const request = new Request(requestUrl(req), {
        method: req.method,
        headers: requestHeaders(req.headers),
        signal: controller.signal,
        ...(body ? { body: body.stream, duplex: 'half' } : {}),
      } as RequestInit)
      const response = await handleRequest(request, await options.getLoadContext(req, res))

      if (res.headersSent || res.writableEnded || res.destroyed) {
        // Already answered (a body over its limit) or the client has gone.
        await response.body?.cancel().catch(() => {})
        return
      }
      if (body && !body.complete()) {
        body.release()
        closeAfterAnswer(req, res)
      } else if (!readsBody && hasBody(req)) {
        closeAfterAnswer(req, res)
      }
      await sendResponse(res, response)
    } catch (error) {
      // After a 413 the route's failure to read its body is expected, and the answer is already out.
      if (answeredEarly) return
      next(error)
    }

    function tooLarge() {
      answeredEarly = true
      closeAfterAnswer(req, res)
      options.payloadTooLarge(req, res, limit)
    }
  }
}

function requestHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers()
  for (const [key, values] of Object.entries(incoming)) {
    if (values === undefined) continue
    if (Array.isArray(values)) for (const value of values) headers.append(key, value)
    else headers.set(key, values)
  }
  return headers
}

/**
 * The request's URL. Express's `req.host` is the Host header (port included), or behind a trusted
 * proxy its X-Forwarded-Host; anything that could smuggle a path or user part is cut off. The
 * scheme is http or https only (server/scheme.ts).
 */
function requestUrl(req: express.Request): string {
  const host = (req.host ?? '').split(/[\\/?#@\s]/)[0] || 'localhost'
  const scheme = requestScheme(req.protocol, Boolean((req.socket as { encrypted?: boolean }).encrypted))
  try {
    return new URL(`${scheme}://${host}${req.originalUrl}`).href
  } catch {
    return new URL(`${scheme}://localhost${req.originalUrl}`).href
  }
}

async function sendResponse(res: express.Response, response: Response): Promise<void> {
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [key, value] of response.headers) res.append(key, value)
  if (response.headers.get('Content-Type')?.match(/text\/event-stream/i)) res.flushHeaders()
  if (!response.body) {
    res.end()
    return
  }
  await writeBody(response.body, res)
}

/**
 * Writes a streamed body, waiting for the socket when it is full. One 'drain' listener serves the
 * whole response: compression hands `res.on('drain')` listeners to its zlib stream and never takes
 * them off again, so a listener per wait would pile up on a long streamed page.
 */
export async function writeBody(body: ReadableStream<Uint8Array>, res: express.Response): Promise<void> {
  const reader = body.getReader()
  let wake: (() => void) | undefined
  let gone = false
  const onDrain = () => wake?.()
  const onClose = () => {
    gone = true
    wake?.()
  }
  res.on('drain', onDrain)
  res.once('close', onClose)
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (gone || res.destroyed) {
        await reader.cancel().catch(() => {})
        return
      }
      if (done) {
        res.end()
        return
      }
      const flowing = res.write(value)
      // Sends what compression holds, so a streamed page reaches the browser as it renders.
      ;(res as express.Response & { flush?: () => void }).flush?.()
      if (!flowing && !gone) await new Promise<void>((resolve) => (wake = resolve))
      wake = undefined
    }
  } catch (error) {
    await reader.cancel(error).catch(() => {})
    if (!res.destroyed) res.destroy(error instanceof Error ? error : undefined)
  } finally {
    res.off('close', onClose)
    reader.releaseLock()
  }
}
