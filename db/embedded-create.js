// Creates a new embedded database folder, in a short-lived process of its own: PGlite's cluster
// (initdb) and the tables (the migrations). Creating a cluster grows PGlite's WebAssembly memory to
// several hundred MB, and a process does not give that back to the system while it lives, even once
// the instance that took it has closed (a worker thread's did not either: the server then held about
// 120 MB more for as long as it ran). Here it all goes when this process ends, and the server opens
// the finished folder (docs/decisions/019-embedded-database-memory.md).
//
// Started by app/lib/platform/embedded-database.server.ts with fork(). The first message in is
// { folder, migrationsFolder }, with a copy of the data folder's lock as its handle when the server
// holds one: the folder then stays locked until this process has ended too, even if the server ends
// first. The answer is { created: true } or { failed: message }; then the process exits. It also ends
// when the server does (its channel closes).
//
// The cluster is made in `<folder>.creating` and renamed to `<folder>` once its tables are in
// place, so the folder either holds a whole database or does not exist: a creation cut short (a
// crash, a full disk) leaves nothing that a later start would take for a database.
import { existsSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { PGLITE_OPTIONS } from './pglite-options.js'

/**
 * A reason a person can act on: a full disk is said so, whatever layer reported it.
 * @param {any} error anything thrown, from Node, PGlite or Emscripten
 */
function reason(error) {
  const message = error instanceof Error ? error.message : String(error)
  const code = error?.code ?? error?.cause?.code
  // Emscripten's file system reports errno 28 (ENOSPC) without Node's code.
  if (code === 'ENOSPC' || error?.errno === 28 || /ENOSPC|no space left/i.test(message)) return 'the disk is full'
  return message
}

/**
 * @param {string} folder
 * @param {string} migrationsFolder
 */
async function create(folder, migrationsFolder) {
  if (existsSync(path.join(folder, 'PG_VERSION'))) return
  if (existsSync(folder)) {
    if (readdirSync(folder).length > 0)
      throw new Error(
        `${folder} holds files but no database (PG_VERSION is missing). Move the folder away, or delete it if it holds nothing you need, and start again.`,
      )
    rmdirSync(folder)
  }
  const building = `${folder}.creating`
  // Left by a creation that was cut short: nobody else can be making it (the folder is locked).
  rmSync(building, { recursive: true, force: true })
  try {
    const db = await PGlite.create(building, PGLITE_OPTIONS)
    try {
      await migrate(drizzle({ client: db }), { migrationsFolder })
    } finally {
      await db.close()
    }
    renameSync(building, folder)
  } catch (error) {
    rmSync(building, { recursive: true, force: true })
    throw error
  }
}

/** Sends the answer, then ends the process once it has left. */
/** @param {{ created: true } | { failed: string }} message */
function answer(message) {
  if (!process.send) process.exit(1)
  process.send(message, () => process.exit(0))
}

process.once('disconnect', () => process.exit(1))
// A channel that closed while this module was still loading sends no 'disconnect' any more; and a
// server killed outright leaves this process to the system, which the parent's id then shows.
if (!process.connected) process.exit(1)
const server = process.ppid
setInterval(() => {
  if (process.ppid !== server || !process.connected) process.exit(1)
}, 500).unref()
process.once(
  'message',
  (/** @type {{ folder: string, migrationsFolder: string }} */ message, /** @type {import('node:net').Server | undefined} */ lock) => {
    // Whoever asks the lock who holds it is told this process, for as long as it holds a copy.
    lock?.on('connection', (socket) => socket.end(String(process.pid)))
    create(message.folder, message.migrationsFolder).then(
      () => answer({ created: true }),
      (error) => answer({ failed: reason(error) }),
    )
  },
)
