import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseHandle } from '~/lib/platform/db.server'

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
  const template = await migratedTemplate(serverUrl)
  const name = `test_${randomBytes(6).toString('hex')}`
  await serverQuery(serverUrl, `create database ${name} template ${template}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ url: url.toString() })
  const opened: DatabaseHandle = {
    ...handle,
    close: async () => {
      await handle.close()
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
  serverUrls.set(opened, url.toString())
  return opened
}

const serverUrls = new WeakMap<DatabaseHandle, string>()

/**
 * A second, independent connection pool to a test database on a PostgreSQL server, as another
 * server process or machine would open it (close it before the database); null for the embedded
 * database, whose single process holds the only connection.
 */
export async function anotherConnection(handle: DatabaseHandle): Promise<DatabaseHandle | null> {
  const url = serverUrls.get(handle)
  return url ? openDatabase({ url }) : null
}

async function serverQuery(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}

/** The migrations' fingerprint: a template database is migrated once for each set of them. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256')
  for (const entry of readdirSync(MIGRATIONS_FOLDER, { recursive: true, withFileTypes: true }).filter((item) => item.isFile())) {
    const file = path.join(entry.parentPath, entry.name)
    hash.update(path.relative(MIGRATIONS_FOLDER, file)).update(readFileSync(file))
  }
  return hash.digest('hex').slice(0, 16)
}

let template: Promise<string> | undefined

/**
 * A migrated, empty database on the server that each test's database is copied from (`create
 * database … template`, a file copy), instead of running every migration on each. It is named after
 * the migrations and kept for later runs. Made under a name of its own and renamed when complete,
 * so a test process never copies a half-migrated one; when two processes make it at once, one
 * rename wins and the other's copy is dropped.
 */
function migratedTemplate(serverUrl: string): Promise<string> {
  template ??= (async () => {
    const name = `test_template_${migrationsFingerprint()}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name])
      if (rowCount) return name
      const building = `test_building_${randomBytes(6).toString('hex')}`
      await admin.query(`create database ${building}`)
      const url = new URL(serverUrl)
      url.pathname = `/${building}`
      const handle = await openDatabase({ url: url.toString() })
      await handle.close()
      try {
        await admin.query(`alter database ${building} rename to ${name}`)
      } catch (error) {
        // 42P04: another test process renamed its copy first.
        if ((error as { code?: string }).code !== '42P04') throw error
        await admin.query(`drop database if exists ${building} with (force)`)
      }
      return name
    } finally {
      await admin.end()
    }
  })()
  return template
}
