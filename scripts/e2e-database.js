// Prepares a fresh, empty database for one end-to-end run, then exits.
// - With DATABASE_URL (a database named e2e_<pid> on a PostgreSQL server): drops and creates it.
// - Otherwise: empties DATA_DIR (a folder named data/e2e-<pid>) for the embedded database.
// STORAGE_DIR (uploads, data/e2e-storage-<pid>) is emptied too.
// Databases and folders left behind by earlier runs whose process is gone are removed as well.
// Usage (playwright.config.ts does this): node scripts/e2e-database.js && node server.js
import { existsSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { isRunning } from './lib/processes.js'

// e2e_<pid> databases, data/e2e-<pid> folders and data/e2e-storage-<pid> upload folders, and the
// site editor server's e2e_<pid>_editor, data/e2e-<pid>-editor and data/e2e-storage-<pid>-editor.
const RUN_NAME = /^e2e[_-](?:storage-)?(\d+)(?:[_-]editor)?$/

/** True for a run's database or folder whose test runner is no longer running. */
/** @param {string} name */
function isStale(name) {
  const match = RUN_NAME.exec(name)
  return match !== null && !isRunning(Number(match[1]))
}

/** @param {string} databaseUrl */
async function prepareServerDatabase(databaseUrl) {
  const url = new URL(databaseUrl)
  const name = decodeURIComponent(url.pathname.slice(1))
  if (!RUN_NAME.test(name)) throw new Error(`Refusing to reset "${name}": end-to-end databases are named e2e_<pid> or e2e_<pid>_editor.`)
  url.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: url.toString() })
  await admin.connect()
  try {
    const { rows } = await admin.query("select datname from pg_database where datname like 'e2e\\_%'")
    for (const { datname } of rows) {
      if (datname !== name && isStale(datname)) await admin.query(`drop database if exists "${datname}" with (force)`)
    }
    await admin.query(`drop database if exists "${name}" with (force)`)
    await admin.query(`create database "${name}"`)
  } finally {
    await admin.end()
  }
  console.info(`End-to-end database: a fresh "${name}" on ${url.host}`)
}

/** Removes the folders of earlier runs whose process is gone from the folder that holds them. */
/** @param {string} parent */
function removeStaleFolders(parent) {
  if (!existsSync(parent)) return
  for (const entry of readdirSync(parent)) {
    if (isStale(entry)) rmSync(path.join(parent, entry), { recursive: true, force: true })
  }
}

/** Empties this run's folder (only a folder named like one: e2e-<pid>, e2e-storage-<pid>, either with -editor). */
/** @param {string} folder */
function emptyRunFolder(folder) {
  const resolved = path.resolve(folder)
  if (!RUN_NAME.test(path.basename(resolved)))
    throw new Error(`Refusing to empty ${folder}: end-to-end folders are named e2e-<pid> or e2e-<pid>-editor.`)
  rmSync(resolved, { recursive: true, force: true })
}

try {
  const { DATABASE_URL, DATA_DIR, STORAGE_DIR } = process.env
  const parents = new Set([path.resolve('data'), ...[DATA_DIR, STORAGE_DIR].flatMap((f) => (f ? [path.dirname(path.resolve(f))] : []))])
  for (const parent of parents) removeStaleFolders(parent)
  if (STORAGE_DIR) emptyRunFolder(STORAGE_DIR)
  if (DATABASE_URL) await prepareServerDatabase(DATABASE_URL)
  else if (DATA_DIR) {
    emptyRunFolder(DATA_DIR)
    console.info(`End-to-end database: embedded, in a fresh ${DATA_DIR}`)
  } else throw new Error('Set DATABASE_URL or DATA_DIR.')
} catch (error) {
  console.error(`Preparing the end-to-end database failed: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}
