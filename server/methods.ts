/**
 * The HTTP methods the site answers. Pages, files and forms need GET, HEAD and POST; OPTIONS says
 * so (204 with Allow, and no CORS headers, so a cross-site preflight goes no further). Any other
 * method is 405 with Allow on every path, static files included, before anything else runs.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type express from 'express'
import { closeAfterAnswer, hasBody } from './body-limit'

const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const
const ALLOW = ALLOWED_METHODS.join(', ')

export const allowedMethods: express.RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'POST') {
    next()
    return
  }
  if (hasBody(req)) closeAfterAnswer(req, res)
  res.setHeader('Allow', ALLOW)
  res.setHeader('Cache-Control', 'no-store')
  if (req.method === 'OPTIONS') {
    res.status(204).end()
    return
  }
  res.status(405).type('text/plain').send(`Method not allowed. This site answers ${ALLOW}.\n`)
}

/** CONNECT never reaches Express: Node hands it to this listener (without one, it drops the connection). */
export function refuseConnect(_req: IncomingMessage, socket: Duplex): void {
  const body = `Method not allowed. This site answers ${ALLOW}.\n`
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}
