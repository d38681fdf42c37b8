/**
 * An exclusive lock on a folder, held for as long as the process lives: the embedded database
 * (PGlite) must be opened by one process at a time. The lock is a listening local socket whose
 * name comes from the folder's real path, so the kernel both decides the race between two starts
 * (only one bind succeeds) and releases the lock when the process ends, however it ends
 * (docs/decisions/004-pglite-folder-lock.md).
 */
import type { ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

export class FolderInUseError extends Error {
  constructor(
    readonly folder: string,
    /** The process holding the lock, when it could tell. */
    readonly ownerPid: number | null,
  ) {
    super(
      `The embedded database in ${folder} is in use by ${ownerPid ? `process ${ownerPid}` : 'another process'}. ` +
        'Stop that process, or set DATA_DIR to another folder or DATABASE_URL to a PostgreSQL server.',
    )
  }
}

export interface FolderLock {
  release(): Promise<void>
  /**
   * Sends `message` to a child process with a copy of the lock as its handle (the child's 'message'
   * event has it as second argument): the folder then stays locked until the child has ended too,
   * even if this process ends first. Resolves once the message has left.
   */
  shareWith(child: ChildProcess, message: object): Promise<void>
}

/** Where the lock lives: an abstract socket on Linux, a named pipe on Windows, a socket file elsewhere. */
export type LockKind = 'abstract' | 'pipe' | 'file'

export function defaultLockKind(platform: NodeJS.Platform = process.platform): LockKind {
  if (platform === 'linux') return 'abstract'
  if (platform === 'win32') return 'pipe'
  return 'file'
}

/** The name of the owner's pid, next to the data: for people looking at the folder, never trusted as the lock. */
export const OWNER_FILE = 'pglite.lock'

/**
 * Takes the folder's lock, or throws FolderInUseError naming the process that holds it.
 * The folder is created when missing.
 */
export async function lockFolder(folder: string, kind: LockKind = defaultLockKind()): Promise<FolderLock> {
  mkdirSync(folder, { recursive: true })
  const real = realpathSync(folder)
  const address = lockAddress(real, kind)
  let server: Server
  try {
    server = await listen(address)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    const owner = await askOwner(address)
    if (owner === 'gone' && kind === 'file') {
      // A socket file left by a process that ended without closing it: nobody answers on it.
      rmSync(address, { force: true })
      server = await listen(address).catch((retry: NodeJS.ErrnoException) => {
        if (retry.code === 'EADDRINUSE') throw new FolderInUseError(folder, null)
        throw retry
      })
    } else {
      throw new FolderInUseError(folder, typeof owner === 'number' ? owner : ownerOnFile(real))
    }
  }
  // The lock must never keep the process alive on its own.
  server.unref()
  const ownerFile = path.join(real, OWNER_FILE)
  writeFileSync(ownerFile, String(process.pid))
  return {
    release: async () => {
      rmSync(ownerFile, { force: true })
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
    shareWith: (child, message) =>
      new Promise<void>((resolve, reject) => {
        child.send(message, server, (error) => (error ? reject(error) : resolve()))
      }),
  }
}

/** Where the lock of a folder (by its real path) lives. */
export function lockAddress(realFolder: string, kind: LockKind): string {
  const id = createHash('sha256').update(realFolder).digest('hex').slice(0, 32)
  const name = `kabul-dental-pglite-${id}`
  if (kind === 'abstract') return `\0${name}`
  if (kind === 'pipe') return `\\\\.\\pipe\\${name}`
  // In the temporary folder rather than the data folder: socket paths are limited to ~100 bytes.
  return path.join(tmpdir(), `${name}.sock`)
}

function listen(address: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    // Whoever connects is told the owner's pid (for the error message of a second start).
    const server = createServer((socket) => socket.end(String(process.pid)))
    server.once('error', reject)
    server.listen({ path: address, exclusive: true }, () => {
      server.off('error', reject)
      resolve(server)
    })
  })
}

/**
 * The owner's pid as it wrote it next to the data, when it did not answer in time (its start can
 * keep it busy for seconds on a loaded machine). Only for the message, and only while that process
 * lives.
 */
function ownerOnFile(realFolder: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(realFolder, OWNER_FILE), 'utf8').trim())
    if (!Number.isInteger(pid) || pid <= 0) return null
    process.kill(pid, 0)
    return pid
  } catch {
    return null
  }
}

/** The pid the lock's owner answers with, 'gone' when nobody listens, or null when it does not answer in time. */
function askOwner(address: string): Promise<number | 'gone' | null> {
  return new Promise((resolve) => {
    let answer = ''
    const socket = connect({ path: address })
    const timer = setTimeout(() => {
      socket.destroy()
      resolve(null)
    }, 2_000)
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
    socket.once('end', () => {
      clearTimeout(timer)
      const pid = Number(answer.trim())
      resolve(Number.isInteger(pid) && pid > 0 ? pid : null)
    })
    socket.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      resolve(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? 'gone' : null)
    })
  })
}
