// One server process: compression, allowed methods, static files, security headers, graceful
// shutdown. The application itself (routes, database, body limits) lives in server/app.ts, built by
// Vite. Paths are relative to the project folder, where `npm start` runs.
import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import compression from 'compression'
import express from 'express'
import { precompressedEncoding } from './accept-encoding.js'
import { isFirstServerProcess } from './processes.js'

const DEVELOPMENT = process.argv.includes('--dev')
/** Open requests get this long to finish after SIGTERM; then their connections are closed. */
const CONNECTIONS_TIMEOUT_MS = 7_000
/** Closing the database gets this long; the whole stop stays under 10 s. */
const DATABASE_CLOSE_TIMEOUT_MS = 2_500
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
const KEEP_ALIVE_TIMEOUT_MS = 65_000

const server = express()
server.disable('x-powered-by')
// Server-sent events (the staff desk's live updates) must reach the browser as they are written.
const compress = () =>
  compression({
    filter: (req, res) => !/^text\/event-stream/i.test(String(res.getHeader('Content-Type') ?? '')) && compression.filter(req, res),
  })

/**
 * What this file uses of the application (server/app.ts), loaded from the build or through Vite.
 * @typedef {object} Application
 * @property {import('express').RequestHandler} allowedMethods
 * @property {import('express').RequestHandler} securityHeaders
 * @property {import('express').Express} app
 * @property {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void} countVisit
 * @property {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean} answerFromPageCache
 * @property {() => number} closeLiveStreams
 * @property {(req: import('node:http').IncomingMessage, socket: import('node:stream').Duplex) => void} refuseConnect
 * @property {() => boolean} serviceWorkerEnabled
 * @property {() => Promise<void>} shutdown
 * @property {(options: { firstProcess?: boolean }) => Promise<{ port: number, host: string }>} startup
 * @property {(server: import('node:http').Server) => import('./connections.ts').Connections} trackConnections
 * @property {() => number} trustedProxyHops
 */

/** @type {Application} */
let application
if (DEVELOPMENT) {
  const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }))
  const load = async () => /** @type {Application} */ (await vite.ssrLoadModule('./server/app.ts'))
  application = await load()
  server.use(application.allowedMethods)
  server.use(compress())
  server.use(vite.middlewares)
  server.use(async (req, res, next) => {
    const { securityHeaders } = await vite.ssrLoadModule('./server/security-headers.ts')
    securityHeaders(req, res, next)
  })
  server.use(async (req, res, next) => {
    try {
      ;(await load()).app(req, res, next)
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error)
      next(error)
    }
  })
} else {
  application = await import(pathToFileURL(path.resolve(BUILD_DIR, 'server/index.js')).href)
  server.use(application.securityHeaders)
  server.use(application.allowedMethods)
  server.use(compress())
  // The service worker: checked for a new version on every navigation (no-cache), and not found
  // while SERVICE_WORKER=off, so that a browser cannot register it again.
  server.get('/sw.js', (_req, res) => {
    if (!application.serviceWorkerEnabled()) return void res.status(404).set('Cache-Control', 'no-store').type('text').send('Not found')
    res.sendFile(path.resolve(BUILD_DIR, 'client/sw.js'), { cacheControl: false, headers: { 'Cache-Control': 'no-cache' } })
  })
  server.use('/assets', precompressed(`${BUILD_DIR}/client/assets`))
  server.use('/assets', express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: '1y', index: false, redirect: false }))
  server.use(express.static(`${BUILD_DIR}/client`, { maxAge: '1h', index: false, redirect: false }))
  server.use(application.app)
}

let port, host
try {
  ;({ port, host } = await application.startup({ firstProcess: isFirstServerProcess() }))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
// Read after startup() has checked the configuration (a hop count; 0 trusts no forwarded header).
server.set('trust proxy', application.trustedProxyHops())

const httpServer = createServer()
// An idle connection stays open for a minute (Node closes it after 5 s): a visitor who reads a page
// and follows a link reuses it instead of waiting for a new handshake on a slow link, and a client
// or proxy seldom sends on a connection the server is closing at that moment (a reset).
httpServer.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
httpServer.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000
const connections = application.trackConnections(httpServer)
// Cached public pages are answered before Express; everything else goes through it.
const fromCache = DEVELOPMENT ? () => false : application.answerFromPageCache
httpServer.on('request', (req, res) => {
  if (!fromCache(req, res)) server(req, res)
  // Site analytics: a visit is counted when its answer is known (server/site-visits.ts).
  application.countVisit(req, res)
})
// A body sent with `Expect: 100-continue` is invited only once its declared size is known to fit.
httpServer.on('checkContinue', (req, res) => httpServer.emit('request', req, res))
httpServer.on('connect', application.refuseConnect)
httpServer.listen(port, host, () => {
  console.info(`Listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`)
})

let stopping = false
/** @param {NodeJS.Signals} signal */
async function stop(signal) {
  if (stopping) return
  stopping = true
  // The listener is closed first, so the line below also tells a watcher that no new connection
  // is taken any more.
  const drained = connections.drain()
  // Event streams never finish by themselves: they end now, and their browsers reconnect elsewhere.
  application.closeLiveStreams?.()
  console.info(`${signal}: finishing open requests, then closing the database.`)
  const force = setTimeout(() => {
    const open = connections.destroyAll()
    console.error(`Shutdown: ${open} connection(s) still open after ${CONNECTIONS_TIMEOUT_MS / 1000} s were closed.`)
    void closeDatabaseAndExit(1)
  }, CONNECTIONS_TIMEOUT_MS)
  force.unref()
  await drained
  clearTimeout(force)
  await closeDatabaseAndExit(0)
}

/** @type {Promise<never> | undefined} */
let closing
/** @param {number} code */
function closeDatabaseAndExit(code) {
  closing ??= (async () => {
    const timer = setTimeout(() => {
      console.error('Closing the database took too long; exiting.')
      process.exit(1)
    }, DATABASE_CLOSE_TIMEOUT_MS)
    try {
      await application.shutdown()
    } catch (error) {
      console.error('Closing the database failed:', error instanceof Error ? error.message : error)
      code = 1
    }
    clearTimeout(timer)
    process.exit(code)
  })()
  return closing
}
process.on('SIGTERM', () => void stop('SIGTERM'))
process.on('SIGINT', () => void stop('SIGINT'))

/**
 * Serves the build's precompressed twin (scripts/precompress.js): Brotli to clients that accept it,
 * else Zopfli gzip. An encoding listed with q=0 is refused.
 */
/**
 * @param {string} dir
 * @returns {import('express').RequestHandler}
 */
function precompressed(dir) {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const name = req.path.slice(1)
    if (!/^[\w.-]+\.(js|css|svg)$/.test(name)) return next()
    const encoding = precompressedEncoding(req.headers['accept-encoding'] ?? '')
    if (!encoding) return next()
    const file = path.resolve(dir, `${name}.${encoding === 'br' ? 'br' : 'gz'}`)
    if (!existsSync(file)) return next()
    res.setHeader('Content-Encoding', encoding)
    res.setHeader('Vary', 'Accept-Encoding')
    res.type(path.extname(name))
    res.sendFile(file, { immutable: true, maxAge: '1y' })
  }
}
