import { createRequestHandler } from '@react-router/express'
import express from 'express'
import 'react-router'
import { connectDatabase, database, disconnectDatabase } from '~/lib/db.server'
import { env } from '~/lib/env.server'
import { sql } from 'drizzle-orm'

declare module 'react-router' {
  interface AppLoadContext {
    /** The Content-Security-Policy nonce of this response. */
    nonce: string
    /** The client's address (behind a trusted proxy, the forwarded one). */
    clientAddress: string
  }
}

/** Connects the database and applies migrations; called once before the server listens. */
export async function startup(): Promise<{ port: number; host: string }> {
  const config = env()
  const handle = await connectDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR })
  console.info(`Database: ${handle.kind === 'server' ? 'PostgreSQL server' : `embedded, in ${config.DATA_DIR}`}`)
  return { port: config.PORT, host: config.HOST }
}

export async function shutdown(): Promise<void> {
  await disconnectDatabase()
}

export const app = express()
app.disable('x-powered-by')

app.get('/healthz', async (_req, res) => {
  res.setHeader('Cache-Control', 'no-store')
  try {
    const db = await database()
    await db.execute(sql`select 1`)
    res.json({ status: 'ok' })
  } catch {
    res.status(503).json({ status: 'unavailable' })
  }
})

app.use(
  createRequestHandler({
    build: () => import('virtual:react-router/server-build'),
    getLoadContext: (req, res) => ({
      nonce: String(res.locals.nonce ?? ''),
      clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    }),
  }),
)
export { securityHeaders } from './security-headers'
