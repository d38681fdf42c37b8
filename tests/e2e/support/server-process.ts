import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer, connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

export function temporaryDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'kabul-dental-e2e-'))
}

export interface ServerProcess {
  child: ChildProcess
  port: number
  /** Everything the process printed so far (stdout and stderr). */
  output(): string
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>
}

/** Starts the production server (`node server.js`, the build of BUILD_DIR) as its own process. */
export function startServer(env: Record<string, string | undefined>, port: number): ServerProcess {
  // No scheduled backups of a test server (they would write into ./backups).
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    BACKUP_INTERVAL: 'off',
    ...env,
  }
  if (!('DATABASE_URL' in env)) delete environment.DATABASE_URL
  for (const [key, value] of Object.entries(environment)) if (value === undefined) delete environment[key]
  const child = spawn(process.execPath, ['server.js'], { cwd: ROOT, env: environment, stdio: ['ignore', 'pipe', 'pipe'] })
  let printed = ''
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')))
  return { child, port, output: () => printed, exited }
}

/**
 * Waits until /healthz answers 200, or fails with what the process printed when it exits first. No
 * deadline of its own: a start on a busy machine takes what it takes, and the test's timeout is the cap.
 */
export async function waitUntilHealthy(server: ServerProcess): Promise<void> {
  let ended = false
  void server.exited.then(() => (ended = true))
  while (!ended) {
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/healthz`)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The server did not become healthy:\n${server.output()}`)
}

/** Whether the process has not ended yet. */
function running(server: ServerProcess): boolean {
  return server.child.exitCode === null && server.child.signalCode === null
}

/** Ends the process at once (SIGKILL), unless it has ended already, and waits until it is gone. */
export async function killServer(server: ServerProcess): Promise<void> {
  if (running(server)) server.child.kill('SIGKILL')
  await server.exited
}

/**
 * Stops the process as an operator would (SIGTERM), unless it has ended already; one that is still
 * running after 15 s is killed. For cleaning up: what the stop looks like is no test's result.
 */
export async function stopServer(server: ServerProcess): Promise<void> {
  if (!running(server)) return
  server.child.kill('SIGTERM')
  await within(server.exited, 15_000, 'the server stopping').catch(() => killServer(server))
}

/** Waits until the process has printed text matching the pattern. */
export async function waitForOutput(server: ServerProcess, pattern: RegExp, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!pattern.test(server.output())) {
    if (Date.now() > deadline) throw new Error(`The server never printed ${pattern}:\n${server.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Resolves with the connection error's code, or 'connected' when the port accepts connections. */
export function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve('connected')
    })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
  })
}

/** Resolves with the value, or rejects when it takes longer than the limit. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms)),
  ])
}

/** The server process's resident memory, in megabytes (Linux). */
export function residentMegabytes(server: ServerProcess): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8')
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
}

/** The live child processes of a process, with their command lines (Linux). */
export function childProcesses(pid: number): { pid: number; command: string }[] {
  let children: string
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()
  } catch {
    return []
  }
  return children
    .split(/\s+/)
    .filter(Boolean)
    .map(Number)
    .flatMap((child) => {
      try {
        return [{ pid: child, command: readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').join(' ').trim() }]
      } catch {
        return []
      }
    })
}

/** Whether a process still runs (a zombie does not count). */
export function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}
