/**
 * The embedded database as the application sees it: PGlite runs in a worker thread
 * (db/embedded-worker.js) so that its statements, which run synchronously, never hold up the
 * server's main thread; this module offers the part of PGlite's interface Drizzle's PGlite driver
 * uses (query, exec, transaction, close) and forwards each call to the worker.
 *
 * If the worker stops unexpectedly, the calls in progress fail as "database unavailable" (so pages
 * answer as they do when a PostgreSQL server is away) and a new worker opens the same folder.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { Worker } from 'node:worker_threads'
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite'
import type { FolderLock } from './folder-lock.server'

const WORKER_FILE = path.resolve(process.cwd(), 'db/embedded-worker.js')
const CREATE_FILE = path.resolve(process.cwd(), 'db/embedded-create.js')
const RESTART_DELAY_MS = 1_000
/**
 * The worker's own JavaScript heap: results pass through it on their way to the server thread and
 * are garbage at once, so a small young generation is enough. V8's default let it hold about 25 MB
 * more under a post load, for no measurable speed (docs/decisions/019-embedded-database-memory.md).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4 }

type Operation =
  | { op: 'query'; sql: string; params?: unknown[]; options?: WireOptions; transaction?: number }
  | { op: 'exec'; sql: string; transaction?: number }
  | { op: 'begin' }
  | { op: 'commit' | 'rollback'; transaction: number }
  | { op: 'dump'; args: string[] }
  | { op: 'archive' }
  | { op: 'close' }

interface WireOptions {
  rowMode?: 'array' | 'object'
  /** Type ids whose text is kept as it is (the only kind of parser Drizzle passes). */
  unchangedTypes?: number[]
}

type CreateReply = { created: true } | { failed: string }

type Reply = { ready: true } | { failed: string } | { id: number; result: unknown } | { id: number; error: Record<string, unknown> }

interface Pending {
  resolve(value: unknown): void
  reject(error: Error): void
}

function workerError(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? 'The embedded database failed.'))
  return Object.assign(error, fields)
}

/** An error that isDatabaseUnavailable() recognises: the database stopped. */
function stoppedError(): Error {
  return Object.assign(new Error('The embedded database stopped and is being opened again.'), { code: '57P01' })
}

function wireOptions(options: QueryOptions | undefined): WireOptions | undefined {
  if (!options) return undefined
  const parsers = options.parsers ?? {}
  const unchangedTypes = Object.keys(parsers).map(Number)
  for (const type of unchangedTypes) {
    if (parsers[type]?.('text') !== 'text')
      throw new Error(`Only parsers that keep a value's text can reach the embedded database (type ${type}).`)
  }
  return { rowMode: options.rowMode, unchangedTypes: unchangedTypes.length > 0 ? unchangedTypes : undefined }
}

/**
 * Creates a new folder's cluster and tables in a process of its own (db/embedded-create.js), and
 * resolves once that process has ended: creating a cluster grows PGlite's memory to several hundred
 * MB, which a process never gives back while it lives, a worker thread's included
 * (docs/decisions/019-embedded-database-memory.md). With `lock`, the child holds a copy of the folder's
 * lock, so the folder stays locked while it runs even if this process ends first.
 */
async function createFolder(folder: string, migrationsFolder: string, lock: FolderLock | undefined): Promise<void> {
  const child = fork(CREATE_FILE, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  let reply: CreateReply | undefined
  child.once('message', (message: CreateReply) => (reply = message))
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('error', reject)
    // 'close' comes after the last message too, where 'exit' may come first.
    child.once('close', (code, signal) => resolve({ code, signal }))
  })
  const request = { folder, migrationsFolder }
  try {
    // Where a lock cannot be passed to another process (Windows' named pipes), the child goes
    // without: it still ends when this process does.
    if (lock) await lock.shareWith(child, request).catch(() => sendTo(child, request))
    else await sendTo(child, request)
  } catch (error) {
    child.kill()
    await ended.catch(() => {})
    throw new Error(`The embedded database could not be created in ${folder}: ${(error as Error).message}`, { cause: error })
  }
  const { code, signal } = await ended.catch((error: Error) => {
    throw new Error(`The embedded database could not be created in ${folder}: ${error.message}`, { cause: error })
  })
  if (reply && 'created' in reply && code === 0) return
  const why =
    reply && 'failed' in reply
      ? reply.failed
      : signal === 'SIGKILL'
        ? 'the creating process was killed (SIGKILL; the system may have run out of memory)'
        : `the creating process ended (${signal ?? `exit ${code}`})`
  throw new Error(`The embedded database could not be created in ${folder}: ${why}.`)
}

function sendTo(child: ChildProcess, message: object): Promise<void> {
  return new Promise((resolve, reject) => child.send(message, (error) => (error ? reject(error) : resolve())))
}

export interface EmbeddedDump {
  sql: string
  /** Rows per table ('schema.table'), counted in the state the dump holds. */
  rowCounts: Record<string, number>
  serverVersion: string
}

export class EmbeddedDatabase {
  #folder: string | null
  #archive: Uint8Array | null
  private worker!: Worker
  #ready!: Promise<void>
  #pending = new Map<number, Pending>()
  #nextId = 1
  #closing = false
  /** Whether a worker has ever opened the database: only then is a stopped one started again. */
  #opened = false

  private constructor(folder: string | null, archive: Uint8Array | null) {
    this.#folder = folder
    this.#archive = archive
  }

  /**
   * Opens the database in `folder`, or in memory when it is null. With `migrationsFolder`, a folder
   * that holds no database yet is created first, with its tables; `lock` is the data folder's lock
   * the caller holds, which the creating process shares. An in-memory database starts from
   * `archive` (another one's `archive()`) when it is given, instead of an empty cluster.
   */
  static async open(
    folder: string | null,
    { migrationsFolder, lock, archive }: { migrationsFolder?: string; lock?: FolderLock; archive?: Uint8Array } = {},
  ): Promise<EmbeddedDatabase> {
    if (folder && migrationsFolder && !existsSync(path.join(folder, 'PG_VERSION'))) await createFolder(folder, migrationsFolder, lock)
    const database = new EmbeddedDatabase(folder, folder ? null : (archive ?? null))
    database.#start()
    try {
      await database.#ready
    } catch (error) {
      database.#closing = true
      await database.worker.terminate()
      throw error
    }
    return database
  }

  #start(): void {
    const worker = new Worker(WORKER_FILE, { workerData: { folder: this.#folder, archive: this.#archive }, resourceLimits: WORKER_LIMITS })
    this.worker = worker
    this.#ready = new Promise((resolve, reject) => {
      worker.on('message', (reply: Reply) => {
        if ('ready' in reply) {
          this.#opened = true
          resolve()
        } else if ('failed' in reply) reject(new Error(`The embedded database could not be opened: ${reply.failed}`))
        else this.#settle(reply)
      })
      worker.once('error', (error) => {
        reject(error)
        console.error(`The embedded database stopped (${error.name}).`)
      })
      worker.once('exit', (code) => {
        reject(Object.assign(new Error(`The embedded database stopped while opening (exit ${code}).`), { code: '57P01' }))
        this.#stopped(worker)
      })
    })
    // The first start's failure reaches open(); a restart's shows in the calls that wait on it.
    this.#ready.catch(() => {})
  }

  #settle(reply: { id: number; result: unknown } | { id: number; error: Record<string, unknown> }): void {
    const pending = this.#pending.get(reply.id)
    if (!pending) return
    this.#pending.delete(reply.id)
    if ('error' in reply) pending.reject(workerError(reply.error))
    else pending.resolve(reply.result)
  }

  #stopped(worker: Worker): void {
    if (worker !== this.worker) return
    for (const pending of this.#pending.values()) pending.reject(stoppedError())
    this.#pending.clear()
    // A first start that fails is open()'s error, not a database to open again.
    if (this.#closing || !this.#opened) return
    console.error(`The embedded database stopped unexpectedly; opening it again in ${RESTART_DELAY_MS / 1000} s.`)
    // Calls made meanwhile wait for the new worker (or fail with its start-up error).
    this.#ready = sleep(RESTART_DELAY_MS).then(() => {
      this.#start()
      return this.#ready
    })
    this.#ready.catch(() => {})
  }

  async #call<T>(operation: Operation): Promise<T> {
    await this.#ready
    if (this.#closing && operation.op !== 'close') throw stoppedError()
    const id = this.#nextId++
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      this.worker.postMessage({ id, ...operation })
    })
  }

  async query<T>(sql: string, params?: unknown[], options?: QueryOptions, transaction?: number): Promise<Results<T>> {
    return this.#call({ op: 'query', sql, params, options: wireOptions(options), transaction })
  }

  exec(sql: string, _options?: QueryOptions, transaction?: number): Promise<Results[]> {
    return this.#call({ op: 'exec', sql, transaction })
  }

  /** Runs `callback` in one transaction: committed if it returns, rolled back if it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: 'begin' })
    let closed = false
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => this.query<R>(sql, params, options, id),
      exec: (sql: string, options?: QueryOptions) => this.exec(sql, options, id),
      rollback: async () => {
        closed = true
        await this.#call({ op: 'rollback', transaction: id })
      },
      get closed() {
        return closed
      },
    } as unknown as Transaction
    let result: T
    try {
      result = await callback(tx)
    } catch (error) {
      if (!closed) {
        closed = true
        await this.#call({ op: 'rollback', transaction: id }).catch(() => {})
      }
      throw error
    }
    if (!closed) {
      closed = true
      await this.#call({ op: 'commit', transaction: id })
    }
    return result
  }

  /**
   * A plain-SQL dump by PGlite's own pg_dump, with each table's row count in the same state
   * (app/lib/backups). Other calls wait while it runs.
   */
  dump(args: string[]): Promise<EmbeddedDump> {
    return this.#call({ op: 'dump', args })
  }

  /** The database's whole folder as an archive (PGlite's `dumpDataDir`), for another in-memory database to start from. */
  archive(): Promise<Uint8Array> {
    return this.#call({ op: 'archive' })
  }

  /** Closes the database and ends the worker. */
  async close(): Promise<void> {
    if (this.#closing) return
    await this.#call({ op: 'close' }).catch(() => {})
    this.#closing = true
    await this.worker.terminate()
  }

  /** The object to give Drizzle's PGlite driver, which asks for a PGlite instance. */
  asPGlite(): PGlite {
    return this as unknown as PGlite
  }
}
