// The two databases every scenario runs on: a private PostgreSQL cluster (one database per
// scenario) and the embedded database (one temporary DATA_DIR per scenario). Each gives the server's
// environment and, once the server has stopped, the names stored in the two form tables, read
// directly from the database (psql for PostgreSQL, PGlite in this process for the embedded one).
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { amcheck } from '@electric-sql/pglite/contrib/amcheck'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { PGLITE_EXTENSIONS } from '../../db/pglite-extensions.js'
import { onCleanup, temporaryFolder } from './cleanup.js'
import { createCluster } from './postgres-cluster.js'

const STORED_NAMES = 'select name from appointments union all select name from registrations'
const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations')

export async function postgresTarget({ port }) {
  let cluster
  return {
    kind: 'postgresql',
    label: 'PostgreSQL',
    async prepare(scenario) {
      cluster ??= await createCluster({ port })
      const database = `faults_${scenario}`
      await cluster.createDatabase(database)
      return {
        env: { DATABASE_URL: cluster.url(database) },
        cluster,
        database,
        storedNames: () => cluster.psql(database, STORED_NAMES),
      }
    },
  }
}

export function embeddedTarget() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'faults-data-'))
  // FAULTS_KEEP=1 leaves the data folders for a look after a failure.
  if (process.env.FAULTS_KEEP) console.info(`Embedded databases kept in ${root}`)
  else onCleanup(`the embedded databases in ${root}`, () => rmSync(root, { recursive: true, force: true }))
  return {
    kind: 'embedded',
    label: 'embedded',
    async prepare(scenario) {
      const dataDir = path.join(root, scenario)
      return {
        env: { DATA_DIR: dataDir },
        dataDir,
        async storedNames() {
          const client = new PGlite(path.join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS })
          try {
            const { rows } = await client.query(STORED_NAMES)
            return rows.map((row) => row.name)
          } finally {
            await client.close()
          }
        },
        checkIntegrity: () => checkFolder(path.join(dataDir, 'pglite')),
      }
    },
  }
}

/**
 * Opens a stopped server's folder as the server would, brings it up to date with the migrations,
 * checks every B-tree index against its table (amcheck, every heap tuple indexed) and reads every
 * table of the schema whole; throws on the first problem.
 */
async function checkFolder(folder) {
  const client = new PGlite(folder, { extensions: { ...PGLITE_EXTENSIONS, amcheck } })
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER })
    await client.exec('create extension if not exists amcheck')
    const { rows: indexes } = await client.query(
      `select c.oid::regclass::text as name from pg_index i join pg_class c on c.oid = i.indexrelid
       join pg_am am on am.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
       where am.amname = 'btree' and n.nspname in ('public', 'drizzle') and i.indisvalid`,
    )
    for (const { name } of indexes) await client.query(`select bt_index_check($1::regclass, true)`, [name])
    const { rows: tables } = await client.query(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname in ('public', 'drizzle')`,
    )
    let rows = 0
    for (const { name } of tables) rows += Number((await client.query(`select count(*) as n from ${name}`)).rows[0].n)
    return { indexes: indexes.length, tables: tables.length, rows }
  } finally {
    await client.close()
  }
}

/** Where every server of the run keeps uploads (none are made, but the server wants the folder). */
export function storageFolder() {
  return temporaryFolder('faults-storage-', 'the storage folder').path
}
