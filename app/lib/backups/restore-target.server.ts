/**
 * Where a restore writes: an embedded data folder (locked while the restore runs, as the server
 * locks it) or a PostgreSQL database. Both offer the same few operations to restore.server.ts.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { EmbeddedDatabase } from '../platform/embedded-database.server'
import { lockFolder } from '../platform/folder-lock.server'
import { MIGRATIONS_FOLDER } from '../platform/db.server'

type Row = Record<string, unknown>

export interface SqlRunner {
  rows(sql: string): Promise<Row[]>
  exec(sql: string): Promise<void>
  /** One statement with parameters ($1 …). */
  query(sql: string, params: unknown[]): Promise<void>
}

export interface RestoreTarget extends SqlRunner {
  /** For messages: 'the embedded database in ./data' or 'the PostgreSQL database shop'. */
  description: string
  /** The role the restore connects as, and whether it is a PostgreSQL superuser (never for the embedded database, which runs no programs). */
  user: string
  superuser: boolean
  /** Runs `work` in one transaction: all of it is kept, or none. */
  transaction(work: (runner: SqlRunner) => Promise<void>): Promise<void>
  /** Applies the migrations newer than the restored state. */
  migrate(): Promise<void>
  close(): Promise<void>
}

export type TargetAddress = { url: string } | { dataDir: string }

export async function openTarget(address: TargetAddress): Promise<RestoreTarget> {
  return 'url' in address ? openServerTarget(address.url) : openEmbeddedTarget(address.dataDir)
}

async function openServerTarget(url: string): Promise<RestoreTarget> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const runner: SqlRunner = {
    rows: async (sql) => (await client.query(sql)).rows as Row[],
    exec: async (sql) => {
      await client.query(sql)
    },
    query: async (sql, params) => {
      await client.query(sql, params)
    },
  }
  let role: { user: string; superuser: boolean }
  try {
    const [row] = (
      await client.query('select current_user as user, (select rolsuper from pg_roles where rolname = current_user) as superuser')
    ).rows as Array<{ user: string; superuser: boolean }>
    role = { user: row!.user, superuser: row!.superuser === true }
  } catch (error) {
    await client.end().catch(() => {})
    throw error
  }
  return {
    ...runner,
    ...role,
    description: `the PostgreSQL database ${new URL(url).pathname.slice(1) || '(default)'}`,
    transaction: async (work) => {
      await client.query('begin')
      try {
        await work(runner)
        await client.query('commit')
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      }
    },
    migrate: async () => {
      const pool = new pg.Pool({ connectionString: url, max: 1 })
      try {
        await migratePg(drizzlePg({ client: pool }), { migrationsFolder: MIGRATIONS_FOLDER })
      } finally {
        await pool.end()
      }
    },
    close: () => client.end(),
  }
}

async function openEmbeddedTarget(dataDir: string): Promise<RestoreTarget> {
  const lock = await lockFolder(dataDir)
  let client: EmbeddedDatabase
  try {
    // A new folder is created (and migrated) in a process of its own, whose memory goes with it
    // (decision 019); the restore then replaces its empty tables with the archive's.
    client = await EmbeddedDatabase.open(path.join(dataDir, 'pglite'), { migrationsFolder: MIGRATIONS_FOLDER, lock })
  } catch (error) {
    await lock.release()
    throw error
  }
  const runner: SqlRunner = {
    rows: async (sql) => (await client.query<Row>(sql)).rows,
    exec: async (sql) => {
      await client.exec(sql)
    },
    query: async (sql, params) => {
      await client.query(sql, params)
    },
  }
  return {
    ...runner,
    user: 'postgres',
    superuser: false,
    description: `the embedded database in ${dataDir}`,
    transaction: (work) =>
      client.transaction(async (tx) => {
        await work({
          rows: async (sql) => (await tx.query<Row>(sql)).rows,
          exec: async (sql) => {
            await tx.exec(sql)
          },
          query: async (sql, params) => {
            await tx.query(sql, params)
          },
        })
      }),
    migrate: async () => {
      // The dump's SET statements (an empty search_path …) last for the session.
      await client.exec('reset all')
      await migratePglite(drizzlePglite({ client: client.asPGlite() }), { migrationsFolder: MIGRATIONS_FOLDER })
    },
    close: async () => {
      await client.close()
      await lock.release()
    },
  }
}

/** Whether the embedded data folder holds a database at all. */
export function embeddedFolderExists(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))
}
