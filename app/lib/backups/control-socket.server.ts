/**
 * While the server runs, the embedded database's folder is its alone (decision 004): `npm run
 * backup` then asks the running server to make the backup, over a local socket in DATA_DIR/control,
 * a folder only the machine's owner of the data may enter (mode 0700; the socket is 0600). One
 * request per connection: a JSON line in, a JSON line out.
 */
import { chmod, mkdir, rm } from 'node:fs/promises'
import { connect, createServer, type Socket } from 'node:net'
import path from 'node:path'
import type { BackupResult } from './create-backup.server'

function controlSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'control', 'backup.sock')
}

type Request = { op: 'backup'; out: string | null }
type Reply =
  | { ok: true; path: string; size: number; offsite?: { ok: true; removed: number } | { ok: false; error: string } }
  | { ok: false; error: string }

const MAX_REQUEST_BYTES = 8 * 1024

/** Answers backup requests on the data folder's control socket until closed. */
export async function serveBackupRequests(
  dataDir: string,
  backup: (outDir: string | null) => Promise<BackupResult>,
): Promise<{ close(): Promise<void> }> {
  const socketPath = controlSocketPath(dataDir)
  await mkdir(path.dirname(socketPath), { recursive: true, mode: 0o700 })
  await chmod(path.dirname(socketPath), 0o700)
  // A socket file left by a server that ended: the folder lock says no other server runs here.
  await rm(socketPath, { force: true })
  const server = createServer((socket) => answer(socket, backup))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, () => resolve())
  })
  await chmod(socketPath, 0o600)
  server.unref()
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
      }),
  }
}

function answer(socket: Socket, backup: (outDir: string | null) => Promise<BackupResult>): void {
  let text = ''
  socket.setEncoding('utf8')
  socket.on('error', () => {})
  socket.on('data', (chunk: string) => {
    text += chunk
    if (text.length > MAX_REQUEST_BYTES) socket.destroy()
    if (!text.includes('\n')) return
    socket.removeAllListeners('data')
    let request: Request
    try {
      request = JSON.parse(text.slice(0, text.indexOf('\n'))) as Request
      if (request.op !== 'backup' || (request.out !== null && typeof request.out !== 'string')) throw new Error('bad request')
    } catch {
      socket.end(JSON.stringify({ ok: false, error: 'The request was not understood.' } satisfies Reply) + '\n')
      return
    }
    backup(request.out).then(
      (result) =>
        socket.end(JSON.stringify({ ok: true, path: result.path, size: result.size, offsite: result.offsite } satisfies Reply) + '\n'),
      (error: unknown) =>
        socket.end(JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) } satisfies Reply) + '\n'),
    )
  })
}

/**
 * Asks the server running on `dataDir` for a backup; null when no server listens there. A backup
 * takes as long as it takes: there is no time limit, only the server's answer or its going away.
 */
export function requestBackup(dataDir: string, outDir: string | null): Promise<Reply | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(controlSocketPath(dataDir))
    let text = ''
    let connected = false
    socket.setEncoding('utf8')
    socket.once('connect', () => {
      connected = true
      socket.write(JSON.stringify({ op: 'backup', out: outDir } satisfies Request) + '\n')
    })
    socket.on('data', (chunk: string) => (text += chunk))
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null)
      else reject(new Error(`The running server could not be reached (${error.code ?? error.message}).`))
    })
    socket.once('close', () => {
      if (!connected) return
      try {
        resolve(JSON.parse(text) as Reply)
      } catch {
        reject(new Error('The running server ended the backup without an answer (it may have stopped).'))
      }
    })
  })
}
