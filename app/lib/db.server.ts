import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from '../../db/schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export interface DatabaseHandle {
  db: Database
  /** 'embedded' is PGlite in a local folder (or memory); 'server' is a PostgreSQL server. */
  kind: 'embedded' | 'server'
  close(): Promise<void>
}

const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'db/migrations')

export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true }

/** Opens a database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 })
    const db = drizzlePg({ client: pool, schema })
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER })
    return { db: db as unknown as Database, kind: 'server', close: () => pool.end() }
  }
  const release = 'dataDir' in target ? lockDataDir(target.dataDir) : () => {}
  try {
    const client = 'dataDir' in target ? new PGlite(path.join(target.dataDir, 'pglite')) : new PGlite()
    const db = drizzlePglite({ client, schema })
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
    return {
      db: db as unknown as Database,
      kind: 'embedded',
      close: async () => {
        await client.close()
        release()
      },
    }
  } catch (error) {
    release()
    throw error
  }
}

/**
 * PGlite serves one process per folder: a second process would silently keep its own copy of
 * the data. A lock file holding the owner's pid makes a second start fail loudly instead.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const lockFile = path.join(dataDir, 'pglite.lock')
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim())
    if (Number.isInteger(pid) && pid !== process.pid && isRunning(pid)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${pid}. ` +
          'Stop that process, or set DATA_DIR to another folder or DATABASE_URL to a PostgreSQL server.',
      )
    }
  }
  writeFileSync(lockFile, String(process.pid))
  return () => rmSync(lockFile, { force: true })
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

// One handle per process, kept on globalThis so the development server's module reloads reuse it.
const registry = globalThis as unknown as { __database?: Promise<DatabaseHandle> }

export function connectDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  registry.__database ??= openDatabase(target)
  return registry.__database
}

export async function database(): Promise<Database> {
  if (!registry.__database) throw new Error('The database is not connected yet.')
  return (await registry.__database).db
}

export async function databaseKind(): Promise<DatabaseHandle['kind']> {
  if (!registry.__database) throw new Error('The database is not connected yet.')
  return (await registry.__database).kind
}

export async function disconnectDatabase(): Promise<void> {
  const handle = registry.__database
  registry.__database = undefined
  if (handle) await (await handle).close()
}
