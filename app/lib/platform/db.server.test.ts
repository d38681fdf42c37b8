import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { testDatabases } from '../../../tests/support/databases'
import { isDatabaseUnavailable, openDatabase, type Database } from './db.server'
import { selectRows } from './select-rows.server'

describe.each(testDatabases())('migrations on $name', ({ open }) => {
  it('creates the request tables with their defaults', async () => {
    const handle = await open()
    try {
      const [row] = await selectRows<{ status: string; created_at: unknown }>(
        handle.db,
        sql`insert into appointments (name, phone, date, submission_key) values ('A', '+93700000000', '2030-01-01', 'k') returning status, created_at`,
      )
      expect(row?.status).toBe('pending')
      expect(row?.created_at).toBeTruthy()
    } finally {
      await handle.close()
    }
  })
})

describe('in-memory databases', () => {
  it('each is migrated and empty, whatever another one holds (they start from an archive of a fresh database)', async () => {
    const first = await openDatabase({ memory: true })
    const second = await openDatabase({ memory: true })
    try {
      await first.db.execute(
        sql`insert into appointments (name, phone, date, submission_key) values ('A', '+93700000000', '2030-01-01', 'first')`,
      )
      const third = await openDatabase({ memory: true })
      try {
        for (const handle of [second, third]) {
          const [count] = await selectRows<{ n: number }>(handle.db, sql`select count(*)::int as n from appointments`)
          expect(count?.n).toBe(0)
          const [migrations] = await selectRows<{ n: number }>(handle.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
          const [applied] = await selectRows<{ n: number }>(first.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
          expect(migrations?.n).toBe(applied?.n)
        }
      } finally {
        await third.close()
      }
    } finally {
      await first.close()
      await second.close()
    }
  })
})

const serverUrl = process.env.TEST_DATABASE_URL

/** A database of this test's own on the PostgreSQL server, and its address. */
async function ownDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `test_faults_${randomBytes(6).toString('hex')}`
  await adminQuery(`create database ${name}`)
  const url = new URL(serverUrl!)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    name,
    drop: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`)
    },
  }
}

async function adminQuery(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await client.query(text, values)
  } finally {
    await client.end()
  }
}

/** Ends every connection to the database, as an administrator (or a restart) would. */
async function terminateBackends(name: string): Promise<number> {
  const result = await adminQuery('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
    name,
  ])
  return result.rowCount ?? 0
}

async function count(db: Database): Promise<number> {
  const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from appointments`)
  return row!.n
}

describe.skipIf(!serverUrl)('a PostgreSQL server that ends the connections', () => {
  it('keeps the process alive; the next query opens a new connection and succeeds', async () => {
    const own = await ownDatabase()
    const handle = await openDatabase({ url: own.url })
    try {
      // Several idle connections in the pool.
      await Promise.all(Array.from({ length: 4 }, () => handle.db.execute(sql`select pg_sleep(0.05)`)))
      expect(await terminateBackends(own.name)).toBeGreaterThan(0)
      // The closed connections report their error events in the meantime.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(await count(handle.db)).toBe(0)
      await handle.db.execute(
        sql`insert into appointments (name, phone, date, submission_key) values ('A', '+93700000000', '2030-01-01', 'k1')`,
      )
      expect(await count(handle.db)).toBe(1)
    } finally {
      await handle.close()
      await own.drop()
    }
  })

  it('a transaction whose connection is ended fails alone, and the next one succeeds', async () => {
    const own = await ownDatabase()
    const handle = await openDatabase({ url: own.url })
    try {
      const failed = handle.db
        .transaction(async (tx) => {
          await tx.execute(
            sql`insert into appointments (name, phone, date, submission_key) values ('B', '+93700000000', '2030-01-01', 'k2')`,
          )
          // Between two statements the connection is checked out and idle: then it is ended.
          await terminateBackends(own.name)
          await new Promise((resolve) => setTimeout(resolve, 300))
          await tx.execute(sql`select 1`)
        })
        .then(
          () => null,
          (error: unknown) => error,
        )
      const error = await failed
      expect(error, 'the transaction fails').toBeInstanceOf(Error)
      expect(isDatabaseUnavailable(error), 'as an unavailable database').toBe(true)
      expect(await count(handle.db), 'nothing of the failed transaction was kept').toBe(0)
    } finally {
      await handle.close()
      await own.drop()
    }
  })

  it('start-up waits for a server that is not reachable yet, then gives up with the error', async () => {
    const started = Date.now()
    const error = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/none' }, { startupTimeoutMs: 1_500, retryDelayMs: 500 }).then(
      () => null,
      (e: unknown) => e,
    )
    expect(isDatabaseUnavailable(error)).toBe(true)
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000)
  })
})
