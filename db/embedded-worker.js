// The embedded database (PGlite) in a worker thread of its own. PGlite runs every statement
// synchronously; on the server's main thread a statement would stop it from accepting connections
// and answering pages meanwhile. The main thread talks to this worker through
// app/lib/platform/embedded-database.server.ts, which offers the part of PGlite's interface Drizzle uses.
//
// workerData: { folder: string | null (null: in memory), archive: Uint8Array | null (what an in-memory
// database starts from: another one's 'archive') }. A new folder is created beforehand, in a process
// of its own (db/embedded-create.js). Messages in: { id, op, ... } with op
// 'query' | 'exec' | 'begin' | 'commit' | 'rollback' | 'dump' | 'archive' | 'close'; each is answered
// { id, result } or { id, error }. The first message out is { ready: true } or { failed: message }.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_OPTIONS } from './pglite-options.js'

const { folder, archive } = workerData

/** @typedef {import('@electric-sql/pglite').Transaction} Transaction */
/** @typedef {'commit' | 'rollback'} Outcome */

/** Rolls a transaction back from inside its callback. */
class Rollback extends Error {}

function open() {
  if (folder) return PGlite.create(folder, PGLITE_OPTIONS)
  return PGlite.create(archive ? { ...PGLITE_OPTIONS, loadDataDir: new Blob([archive]) } : PGLITE_OPTIONS)
}

/** PostgreSQL's type id of bytea. */
const BYTEA = 17
/**
 * bytea arrives as hex text ('\\x…'); PGlite's own parser decodes it a byte at a time, about 15 ms
 * for an image of 120 kB, while Buffer's native decoder takes a fraction of a millisecond.
 */
const parseBytea = (/** @type {string} */ text) => {
  const bytes = Buffer.from(text.slice(2), 'hex')
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)
}

/**
 * Drizzle passes type parsers that return the text unchanged; functions cannot cross threads.
 * @param {{ rowMode?: 'array' | 'object', unchangedTypes?: number[] } | undefined} options
 */
function queryOptions(options) {
  /** @type {Record<number, (text: string) => unknown>} */
  const parsers = { [BYTEA]: parseBytea }
  for (const type of options?.unchangedTypes ?? []) parsers[type] = (value) => value
  return { rowMode: options?.rowMode, parsers }
}

/**
 * Open transactions by id: the PGlite transaction and how to end it.
 * @type {Map<number, { tx: Transaction, end: (outcome: Outcome) => void, ended: Promise<void> }>}
 */
const transactions = new Map()
let nextTransaction = 1

/** @param {PGlite} db */
function begin(db) {
  const id = nextTransaction++
  return new Promise((/** @type {(id: number) => void} */ started, failed) => {
    const ended = db
      .transaction(async (tx) => {
        const outcome = new Promise((/** @type {(outcome: Outcome) => void} */ resolve) =>
          transactions.set(id, { tx, end: resolve, ended }),
        )
        started(id)
        if ((await outcome) === 'rollback') throw new Rollback()
      })
      .catch((error) => {
        if (!(error instanceof Rollback)) throw error
      })
      .finally(() => transactions.delete(id))
    ended.catch(failed)
  })
}

/**
 * @param {number} id
 * @param {Outcome} outcome
 */
async function end(id, outcome) {
  const transaction = transactions.get(id)
  if (!transaction) throw Object.assign(new Error('The transaction is no longer open.'), { code: '25P01' })
  transaction.end(outcome)
  await transaction.ended
}

/**
 * @param {PGlite} db
 * @param {number | undefined} transactionId
 * @returns {PGlite | Transaction}
 */
function target(db, transactionId) {
  if (transactionId === undefined) return db
  const transaction = transactions.get(transactionId)
  if (!transaction) throw Object.assign(new Error('The transaction is no longer open.'), { code: '25P01' })
  return transaction.tx
}

/** An error as plain data: its message and PostgreSQL's fields (code, constraint, detail …). */
/** @param {unknown} error */
function serialise(error) {
  if (!(error instanceof Error)) return { message: String(error) }
  /** @type {Record<string, unknown>} */
  const fields = {}
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue
    fields[key] = value
  }
  return { ...fields, message: error.message, name: error.name }
}

/**
 * A backup's dump (app/lib/backups): PGlite's own pg_dump build, with the row count of every table
 * taken in the same state. PGlite has one session, so nothing else may run between the counts and
 * the dump: new calls wait (held) until it ends, and the dump starts once the open transactions end.
 */
/** @type {Promise<void> | null} */
let held = null
/**
 * @param {PGlite} db
 * @param {string[] | undefined} args
 */
async function dump(db, args) {
  /** @type {() => void} */
  let release = () => {}
  held = new Promise((resolve) => (release = () => resolve(undefined)))
  try {
    while (transactions.size > 0) await Promise.race([...transactions.values()].map((t) => t.ended.catch(() => {})))
    const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump')
    const tables = await db.query(
      "select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1",
    )
    /** @type {Record<string, number>} */
    const rowCounts = {}
    for (const { name } of /** @type {{ name: string }[]} */ (tables.rows)) {
      const [schema, table] = name.split('.')
      const counted = await db.query(`select count(*)::int as n from "${schema}"."${table}"`)
      rowCounts[name] = counted.rows[0].n
    }
    const version = await db.query('show server_version')
    let file
    try {
      file = await pgDump({ pg: db, args })
    } finally {
      // pg_dump ends without closing its session, which is PGlite's only one: its read-only
      // transaction and its settings (an empty search_path …) would stay under every later statement.
      await db.exec('rollback; reset all')
    }
    return { sql: await file.text(), rowCounts, serverVersion: version.rows[0].server_version }
  } finally {
    held = null
    release()
  }
}

/**
 * @param {PGlite} db
 * @param {any} message one of the messages described at the top, as posted by the main thread
 */
async function handle(db, message) {
  // Calls inside a transaction that was open before a dump started go on: the dump waits for them.
  while (held && message.transaction === undefined) await held
  switch (message.op) {
    case 'query':
      return target(db, message.transaction).query(message.sql, message.params, queryOptions(message.options))
    case 'exec':
      return target(db, message.transaction).exec(message.sql)
    case 'begin':
      return begin(db)
    case 'commit':
    case 'rollback':
      return end(message.transaction, message.op)
    case 'dump':
      return dump(db, message.args)
    case 'archive':
      return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer())
    case 'close':
      await db.close()
      return null
    default:
      throw new Error(`Unknown operation ${message.op}`)
  }
}

// Started as a worker thread (lib/platform/embedded-database.server.ts), never as a main thread.
const parent = /** @type {import('node:worker_threads').MessagePort} */ (parentPort)
let db
try {
  db = await open()
} catch (error) {
  parent.postMessage({ failed: error instanceof Error ? error.message : String(error) })
}
if (db) {
  parent.on('message', (message) => {
    handle(db, message).then(
      (result) => parent.postMessage({ id: message.id, result }),
      (error) => parent.postMessage({ id: message.id, error: serialise(error) }),
    )
  })
  parent.postMessage({ ready: true })
}
