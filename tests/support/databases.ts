import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type DatabaseHandle } from '~/lib/platform/db.server'

export interface TestDatabase {
  name: string
  /** A fresh, migrated, empty database. */
  open(): Promise<DatabaseHandle>
}

/**
 * The databases integration tests run against: embedded PGlite always, and the PostgreSQL server of
 * TEST_DATABASE_URL when it is set (each open() makes a new database there, dropped on close).
 */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: 'pglite', open: () => openDatabase({ memory: true }) }]
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) list.push({ name: 'postgres', open: () => openServerDatabase(serverUrl) })
  return list
}

async function openServerDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const name = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ url: url.toString() })
  return {
    ...handle,
    close: async () => {
      await handle.close()
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}
