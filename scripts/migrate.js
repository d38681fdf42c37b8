// npm run db:migrate — brings the database's schema up to date (db/migrations), then exits.
// The server does the same at start-up; this is for deployments that migrate before starting
// several servers. Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_EXTENSIONS } from '../db/pglite-extensions.js'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { isRunning } from './lib/processes.js'

const migrationsFolder = path.resolve('db/migrations')

try {
  const url = process.env.DATABASE_URL
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new Error('DATABASE_URL must start with postgres:// or postgresql://')
    const pool = new pg.Pool({ connectionString: url, max: 1 })
    try {
      await migratePg(drizzlePg({ client: pool }), { migrationsFolder })
    } finally {
      await pool.end()
    }
    console.info('Migrated the PostgreSQL database of DATABASE_URL.')
  } else {
    const dataDir = process.env.DATA_DIR || './data'
    // The running server owns the embedded database; it migrates at start-up itself.
    const lockFile = path.join(dataDir, 'pglite.lock')
    const owner = existsSync(lockFile) ? Number(readFileSync(lockFile, 'utf8').trim()) : NaN
    if (Number.isInteger(owner) && isRunning(owner)) {
      throw new Error(`The embedded database in ${dataDir} is in use by process ${owner}; it migrated at start-up.`)
    }
    const client = new PGlite(path.join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS })
    try {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder })
    } finally {
      await client.close()
    }
    console.info(`Migrated the embedded database in ${dataDir}.`)
  }
} catch (error) {
  console.error(`Migration failed: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}
