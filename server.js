// The HTTP server: compression, static files, security headers, graceful shutdown.
// The application itself (routes, database) lives in server/app.ts, built by Vite.
import { existsSync } from 'node:fs'
import path from 'node:path'
import compression from 'compression'
import express from 'express'

const DEVELOPMENT = process.argv.includes('--dev')
const SHUTDOWN_TIMEOUT_MS = 8_000
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'

const server = express()
server.disable('x-powered-by')
if (['1', 'true'].includes(process.env.TRUST_PROXY ?? '')) server.set('trust proxy', true)
server.use(compression())

let application
if (DEVELOPMENT) {
  const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }))
  const load = () => vite.ssrLoadModule('./server/app.ts')
  application = await load()
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
  application = await import(`./${BUILD_DIR}/server/index.js`)
  server.use(application.securityHeaders)
  server.use('/assets', precompressed(`${BUILD_DIR}/client/assets`))
  server.use('/assets', express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: '1y', index: false }))
  server.use(express.static(`${BUILD_DIR}/client`, { maxAge: '1h', index: false }))
  server.use(application.app)
}

let port, host
try {
  ;({ port, host } = await application.startup())
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

const httpServer = server.listen(port, host, () => {
  console.info(`Listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`)
})

let stopping = false
async function stop(signal) {
  if (stopping) return
  stopping = true
  console.info(`${signal}: finishing open requests, then closing the database.`)
  const force = setTimeout(() => {
    console.error('Shutdown took too long; exiting.')
    process.exit(1)
  }, SHUTDOWN_TIMEOUT_MS)
  force.unref()
  httpServer.close(async () => {
    try {
      await application.shutdown()
      process.exit(0)
    } catch (error) {
      console.error('Closing the database failed:', error instanceof Error ? error.message : error)
      process.exit(1)
    }
  })
  httpServer.closeIdleConnections()
}
process.on('SIGTERM', () => void stop('SIGTERM'))
process.on('SIGINT', () => void stop('SIGINT'))

/** Serves the build's Zopfli-compressed twin (scripts/precompress.js) to clients that accept gzip. */
function precompressed(dir) {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    if (!/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) return next()
    const name = req.path.slice(1)
    if (!/^[\w.-]+\.(js|css|svg)$/.test(name)) return next()
    const file = path.resolve(dir, `${name}.gz`)
    if (!existsSync(file)) return next()
    res.setHeader('Content-Encoding', 'gzip')
    res.setHeader('Vary', 'Accept-Encoding')
    res.type(path.extname(name))
    res.sendFile(file, { immutable: true, maxAge: '1y' })
  }
}
