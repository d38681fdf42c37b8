import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from '~db/schema'
import { EmbeddedDatabase } from './embedded-database.server'
import { lockFolder, type FolderLock } from './folder-lock.server'
import { dropMemoryArchive, keepMemoryArchive, readMemoryArchive } from './memory-archive.server'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export interface DatabaseHandle {
  db: Database
  /** 'embedded' is PGlite in a local folder (or memory); 'server' is a PostgreSQL server. */
  kind: 'embedded' | 'server'
  /** The embedded database's own client (its dump, for backups); absent for a PostgreSQL server. */
  embedded?: EmbeddedDatabase
  close(): Promise<void>
}

/**
 * The migrations, applied at start and to a restore's target.
 * @public knip does not read the backups' imports of it (lib/backups/dump.server.ts, restore-target.server.ts).
 */
export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'db/migrations')

export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true }

/**
 * How a request meets a PostgreSQL server that is away: a new connection gives up after
 * CONNECT_TIMEOUT_MS, a statement after STATEMENT_TIMEOUT_MS, so a page fails fast instead of
 * hanging; the pool opens fresh connections once the server is back.
 */
const POOL_OPTIONS = {
  max: 10,
  connectionTimeoutMillis: 3_000,
  // Server side: a statement running this long is cancelled.
  statement_timeout: 15_000,
  // Client side: an answer that never comes (a server that vanished without closing the connection).
  query_timeout: 20_000,
  idle_in_transaction_session_timeout: 30_000,
  idleTimeoutMillis: 30_000,
  keepAlive: true,
} satisfies pg.PoolConfig

export interface OpenOptions {
  /** How long start-up keeps trying to reach a PostgreSQL server that does not answer yet. */
  startupTimeoutMs?: number
  /** Pause between two tries. */
  retryDelayMs?: number
}

/** Opens a database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<DatabaseHandle> {
  if ('url' in target) return openServer(target.url, options)
  if ('memory' in target) return openInMemory()
  const lock = await lockFolder(target.dataDir)
  return openEmbedded(path.join(target.dataDir, 'pglite'), { lock })
}

async function openEmbedded(
  folder: string | null,
  { lock, archive }: { lock?: FolderLock; archive?: Uint8Array },
): Promise<DatabaseHandle> {
  let client: EmbeddedDatabase | undefined
  try {
    client = await EmbeddedDatabase.open(folder, { migrationsFolder: MIGRATIONS_FOLDER, lock, archive })
    const db = drizzlePglite({ client: client.asPGlite(), schema })
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
    const opened = client
    return {
      db: db as unknown as Database,
      kind: 'embedded',
      embedded: opened,
      close: async () => {
        await opened.close()
        await lock?.release()
      },
    }
  } catch (error) {
    await client?.close()
    await lock?.release()
    throw error
  }
}

/**
 * The in-memory databases (the tests'), each fresh and migrated. They start from the archive of
 * such a database (lib/platform/memory-archive.server.ts), which skips PostgreSQL's initdb, most of
 * a new database's start; the first one without an archive is created and migrated like any other,
 * and archived before anything is written to it. The migrations run on every one, finding nothing
 * to do where the archive has them.
 */
let memoryArchive: Promise<Uint8Array | null> | undefined

async function openInMemory(): Promise<DatabaseHandle> {
  memoryArchive ??= readMemoryArchive(MIGRATIONS_FOLDER)
  const archive = await memoryArchive
  if (archive) {
    try {
      return await openEmbedded(null, { archive })
    } catch (error) {
      // A damaged archive: made anew below. Any other failure would fail again there.
      await dropMemoryArchive(MIGRATIONS_FOLDER)
      memoryArchive = undefined
      console.warn(`An in-memory database could not start from its archive (${error instanceof Error ? error.message : String(error)}).`)
    }
  }
  const handle = await openEmbedded(null, {})
  memoryArchive = handle.embedded!.archive().then(
    async (made) => {
      await keepMemoryArchive(MIGRATIONS_FOLDER, made).catch(() => {})
      return made
    },
    () => null,
  )
  await memoryArchive
  return handle
}

async function openServer(url: string, { startupTimeoutMs = 30_000, retryDelayMs = 2_000 }: OpenOptions): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, ...POOL_OPTIONS })
  watchPool(pool)
  const db = drizzlePg({ client: pool, schema })
  const deadline = Date.now() + startupTimeoutMs
  for (let attempt = 1; ; attempt++) {
    try {
      await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER })
      break
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + retryDelayMs > deadline) {
        await pool.end().catch(() => {})
        throw error
      }
      console.warn(
        `The PostgreSQL server is not reachable (${errorCode(error)}); trying again in ${retryDelayMs / 1000} s ` +
          `(attempt ${attempt}, giving up after ${startupTimeoutMs / 1000} s).`,
      )
      await sleep(retryDelayMs)
    }
  }
  return { db: db as unknown as Database, kind: 'server', close: () => pool.end() }
}

/**
 * A connection the server closes (a restart, an administrator ending the backend, a network cut)
 * is reported as an 'error' event, which would end the process if nobody listened. The pool drops
 * such a connection; the next query opens a new one.
 */
function watchPool(pool: pg.Pool): void {
  let lastReport = 0
  const report = (error: Error) => {
    // One line per burst: a restart closes every connection at once.
    if (Date.now() - lastReport < 10_000) return
    lastReport = Date.now()
    console.warn(`A database connection was closed (${errorCode(error)}); the next query opens a new one.`)
  }
  pool.on('error', report)
  // A connection checked out between two statements of a transaction has no pool listener.
  pool.on('connect', (client) => client.on('error', report))
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: the server is shutting down, crashed, starting up, or has no free connection.
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // A statement cancelled by the statement timeout.
  '57014',
])
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Query read timeout|Connection closed/i

/** Whether the error (or one of its causes) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 10; e = e.cause, depth++) {
    const code = (e as Error & { code?: unknown }).code
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true
    if (UNAVAILABLE_MESSAGES.test(e.message) && !e.message.startsWith('Failed query')) return true
  }
  return false
}

/** The innermost error's code (or name), for logs: never a message, which could quote a query's values. */
export function errorCode(error: unknown): string {
  let root = error
  for (let depth = 0; depth < 10 && root instanceof Error && root.cause !== undefined; depth++) root = root.cause
  if (!(root instanceof Error)) return 'unknown error'
  const code = (root as Error & { code?: unknown }).code
  if (typeof code === 'string' && code) return code
  return UNAVAILABLE_MESSAGES.test(root.message) ? root.message.slice(0, 80) : root.name
}

// One handle per process, kept on globalThis so the development server's module reloads reuse it.
const registry = globalThis as unknown as { __database?: Promise<DatabaseHandle> }

export function connectDatabase(target: DatabaseTarget, options?: OpenOptions): Promise<DatabaseHandle> {
  if (!registry.__database) {
    const opening = openDatabase(target, options)
    registry.__database = opening
    // A failed start leaves nothing behind: a later connectDatabase tries again.
    opening.catch(() => {
      if (registry.__database === opening) registry.__database = undefined
    })
  }
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
