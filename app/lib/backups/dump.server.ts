/**
 * The database's logical dump: plain SQL with INSERT statements and no owners or privileges, which
 * psql reads and which either database (embedded or a PostgreSQL server) can load. The row count of
 * every table is taken in the same state as the dump, for the manifest and the restore's check.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import type { EmbeddedDatabase } from '../platform/embedded-database.server'
import { MIGRATIONS_FOLDER } from '../platform/db.server'

/** 50 rows per INSERT: a statement stays small (images are rows of media_files) for the restore's check and its memory. */
const DUMP_ARGS = ['--no-owner', '--no-privileges', '--rows-per-insert=50']

export interface DumpInfo {
  source: 'embedded' | 'postgresql'
  serverVersion: string
  rowCounts: Record<string, number>
  /** The newest migration applied (its tag in db/migrations), or null before any. */
  lastMigration: string | null
}

export type DumpSource = { kind: 'embedded'; client: EmbeddedDatabase } | { kind: 'server'; url: string }

const TABLES_SQL = "select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1"
const LAST_MIGRATION_SQL = 'select max(created_at)::text as created_at from drizzle.__drizzle_migrations'

/** The migration tag of a `created_at` in drizzle's migrations table (the journal's `when`). */
function migrationTag(createdAt: string | null | undefined): string | null {
  if (!createdAt) return null
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>
  }
  return journal.entries.find((entry) => String(entry.when) === createdAt)?.tag ?? `unknown (${createdAt})`
}

/** Writes the dump into `file` (mode 0600). */
export function dumpDatabase(source: DumpSource, file: string): Promise<DumpInfo> {
  return source.kind === 'embedded' ? dumpEmbedded(source.client, file) : dumpServer(source.url, file)
}

async function dumpEmbedded(client: EmbeddedDatabase, file: string): Promise<DumpInfo> {
  const last = await client.query<{ created_at: string | null }>(LAST_MIGRATION_SQL)
  const dump = await client.dump(DUMP_ARGS)
  await writeFile(file, dump.sql, { mode: 0o600, flag: 'wx' })
  return {
    source: 'embedded',
    serverVersion: dump.serverVersion,
    rowCounts: dump.rowCounts,
    lastMigration: migrationTag(last.rows[0]?.created_at),
  }
}

/** Table names come from pg_tables and are quoted; counts run in the caller's transaction. */
export async function countRows(rows: (sql: string) => Promise<Array<Record<string, unknown>>>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const { name } of (await rows(TABLES_SQL)) as Array<{ name: string }>) {
    const [schema, table] = name.split('.')
    const [counted] = await rows(`select count(*)::int as n from "${schema}"."${table}"`)
    counts[name] = Number(counted!.n)
  }
  return counts
}

/**
 * Debian's pg_dump, in a snapshot this connection exported: the counts and the dump see one state.
 * The password goes through the environment, never the command line (which other users can see).
 */
async function dumpServer(url: string, file: string): Promise<DumpInfo> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('begin isolation level repeatable read read only')
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id
    const rowCounts = await countRows(async (sql) => (await client.query(sql)).rows)
    const version = (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version
    const last = (await client.query<{ created_at: string | null }>(LAST_MIGRATION_SQL)).rows[0]?.created_at
    // Created here with mode 0600: pg_dump writes into it and keeps that mode.
    await writeFile(file, '', { mode: 0o600, flag: 'wx' })
    await runPgDump(url, ['--snapshot', snapshot, '--file', file, ...DUMP_ARGS])
    await client.query('commit')
    return { source: 'postgresql', serverVersion: version, rowCounts, lastMigration: migrationTag(last) }
  } finally {
    await client.end().catch(() => {})
  }
}

function runPgDump(url: string, args: string[]): Promise<void> {
  const address = new URL(url)
  const password = decodeURIComponent(address.password)
  address.password = ''
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }
  return new Promise((resolve, reject) => {
    let stderr = ''
    const child = spawn('pg_dump', ['--dbname', address.toString(), ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] })
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'ENOENT'
            ? 'pg_dump was not found: install the PostgreSQL client tools (Debian: apt install postgresql-client).'
            : `pg_dump could not start (${error.code ?? error.message}).`,
        ),
      ),
    )
    child.once('close', (code) => {
      if (code === 0) resolve()
      else reject(new Error(`pg_dump failed: ${stderr.trim().split('\n')[0] || `exit ${code}`}`))
    })
  })
}
