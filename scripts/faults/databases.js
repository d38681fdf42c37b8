// The two databases every scenario runs on: a private PostgreSQL cluster (one database per
// scenario) and the embedded database (one temporary DATA_DIR per scenario). Each gives the server's
// environment and, once the server has stopped, the names stored in the two form tables, read
// directly from the database (psql for PostgreSQL, PGlite in this process for the embedded one).
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_EXTENSIONS } from '../../db/pglite-extensions.js'
import { onCleanup } from './cleanup.js'
import { createCluster } from './postgres-cluster.js'

const STORED_NAMES = 'select name from appointments union all select name from registrations'

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
      }
    },
  }
}

/** Where every server of the run keeps uploads (none are made, but the server wants the folder). */
export function storageFolder() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'faults-storage-'))
  onCleanup(`the storage folder ${folder}`, () => rmSync(folder, { recursive: true, force: true }))
  return folder
}
