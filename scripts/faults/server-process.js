// The built server as a child process (`node server.js`, production), with its output kept for the
// report, its memory sampled from /proc, and the ways a deployment stops it: SIGTERM and kill -9.
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { onCleanup } from './cleanup.js'

const OUTPUT_KEPT = 16 * 1024
const SAMPLE_EVERY_MS = 100

/**
 * Starts a new peak: writing 5 to clear_refs resets the kernel's VmHWM to the current VmRSS. False
 * where that is not allowed; the peak is then the highest VmRSS sampled from here on.
 */
export function resetPeakMemory(pid) {
  try {
    for (const member of processTree(pid)) writeFileSync(`/proc/${member}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

/** The process and its descendants (a server with WEB_CONCURRENCY runs its workers as children). */
function processTree(pid) {
  const tree = [pid]
  for (let index = 0; index < tree.length && tree.length < 64; index++) {
    try {
      const children = readFileSync(`/proc/${tree[index]}/task/${tree[index]}/children`, 'utf8').trim()
      if (children) tree.push(...children.split(/\s+/).map(Number))
    } catch {
      // Gone meanwhile.
    }
  }
  return tree
}

/**
 * VmRSS and VmHWM (peak) in bytes of a process with its descendants, or null once it is gone. With
 * several processes the peak is the sum of each one's own peak, a bound on their peak together.
 */
export function memoryOf(pid) {
  try {
    readFileSync(`/proc/${pid}/status`, 'utf8')
  } catch {
    return null
  }
  let rss = 0
  let peak = 0
  for (const member of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${member}/status`, 'utf8')
      const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0)
      rss += kib('VmRSS') * 1024
      peak += kib('VmHWM') * 1024
    } catch {
      // Gone meanwhile.
    }
  }
  return { rss, peak }
}

/** 'Z' for a zombie, another state letter for a live process, null when there is no such process. */
function processState(pid) {
  try {
    return /^\d+ \(.*\) (\S)/s.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1] ?? null
  } catch {
    return null
  }
}

/** The Node flags of `npm start` (its heap limit), so the runs measure the server as deployed. */
export function nodeFlagsOfStart(root) {
  const start = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts?.start ?? ''
  return /\bnode\s+((?:--[\w-]+(?:=\S+)?\s+)*)server\.js/.exec(start)?.[1]?.trim().split(/\s+/).filter(Boolean) ?? []
}

/**
 * @typedef {{ root: string, buildDir: string, port: number, env: Record<string, string | undefined>, unreaped?: boolean }} ServerOptions
 */

/**
 * Starts `node server.js` with the given environment on 127.0.0.1:port. The child's environment is
 * built from scratch plus PATH and HOME, so a DATABASE_URL or DATA_DIR of the caller never leaks in.
 *
 * With `unreaped`, the server runs under a parent that never reaps it (`sh`, then `sleep`): killed,
 * it stays a zombie with its pid until `release()`, as after a crash whose supervisor has not yet
 * collected it. Its exit code is then unknown; only its death is seen.
 * @param {ServerOptions} options
 */
function startServer({ root, buildDir, port, env, unreaped = false }) {
  const started = Date.now()
  const flags = nodeFlagsOfStart(root)
  const [file, args] = unreaped
    ? ['/bin/sh', ['-c', `"$0" ${flags.join(' ')} server.js & echo "faults-server-pid $!" >&2; exec sleep 3600`, process.execPath]]
    : [process.execPath, [...flags, 'server.js']]
  const child = spawn(file, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      FORM_RATE_LIMIT: '1000000',
      // A scheduled backup would pause the embedded database mid-run and write into ./backups.
      BACKUP_INTERVAL: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let serverPid = unreaped ? null : child.pid
  let output = ''
  const keep = (chunk) => {
    output = (output + chunk).slice(-OUTPUT_KEPT)
    if (serverPid === null) serverPid = Number(/faults-server-pid (\d+)/.exec(output)?.[1]) || null
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)

  let exitInfo = null
  let watch
  const exited = new Promise((resolve) => {
    const done = (info) => {
      clearInterval(watch)
      exitInfo ??= { ...info, at: Date.now() }
      resolve(exitInfo)
    }
    child.on('exit', (code, signal) => done(unreaped ? { code: null, signal: 'wrapper exited' } : { code, signal }))
    child.on('error', (error) => {
      keep(`\n${error.message}\n`)
      done({ code: null, signal: null })
    })
    if (unreaped) {
      watch = setInterval(() => {
        if (serverPid === null) return
        const state = processState(serverPid)
        if (state === null || state === 'Z') done({ code: null, signal: 'died' })
      }, 20)
    }
  })

  let peakBytes = 0
  let kernelPeak = true
  const sample = () => {
    const memory = serverPid && memoryOf(serverPid)
    if (memory) peakBytes = Math.max(peakBytes, memory.rss, kernelPeak ? memory.peak : 0)
  }
  const sampler = setInterval(sample, SAMPLE_EVERY_MS)
  void exited.then(() => clearInterval(sampler))

  const wrapperGone = new Promise((resolve) => child.on('close', resolve))
  const release = onCleanup(`the server process ${child.pid}`, async () => {
    clearInterval(sampler)
    if (serverPid && !exitInfo) signal(serverPid, 'SIGKILL')
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await wrapperGone
  })

  return {
    child,
    get pid() {
      return serverPid
    },
    port,
    started,
    exited,
    get alive() {
      return exitInfo === null
    },
    get exitInfo() {
      return exitInfo
    },
    output: () => output,
    /** What the server said that explains a failure, indented for the report. */
    excerpt: () => indent(failureExcerpt(output)),
    /**
     * The highest resident memory since the start or the last `resetPeak()` (VmHWM is the kernel's
     * own peak, so no spike between two samples is missed).
     */
    peakBytes() {
      sample()
      return peakBytes
    },
    /** Forgets the peak so far (start-up included); returns the resident memory now. */
    resetPeak() {
      kernelPeak = Boolean(serverPid) && resetPeakMemory(serverPid)
      peakBytes = 0
      sample()
      return (serverPid && memoryOf(serverPid)?.rss) || 0
    },
    rssBytes: () => (serverPid && memoryOf(serverPid)?.rss) || 0,
    /**
     * kill -9: no clean-up of any kind in the server. Resolves once it is dead; an unreaped server
     * stays a zombie until `release()`.
     */
    async kill() {
      sample()
      if (serverPid && !exitInfo) signal(serverPid, 'SIGKILL')
      await exited
      if (!unreaped) await release()
    },
    /** Lets the parent of an unreaped server go, so the zombie is collected. */
    release,
    /** SIGTERM; resolves with the exit and the seconds it took, or kills it after limitMs. */
    async terminate(limitMs = 10_000) {
      sample()
      const signalled = Date.now()
      signal(serverPid, 'SIGTERM')
      const info = await Promise.race([exited, delay(limitMs + 5_000).then(() => null)])
      if (!info) {
        signal(serverPid, 'SIGKILL')
        await exited
        await release()
        return { seconds: (Date.now() - signalled) / 1000, code: null, signal: 'SIGKILL', timedOut: true }
      }
      await release()
      return { seconds: (info.at - signalled) / 1000, code: info.code, signal: info.signal, timedOut: false }
    },
  }
}

const NOTABLE = /error|unhandled|exception|in use by|too long|fatal|refus|ECONN/i

/**
 * The first few lines of the server's output that name an error (the first one usually says
 * why), or its last lines when none does. Set-up links and blank lines are left out.
 */
export function failureExcerpt(output) {
  const lines = output
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() && !/setup\?token=|faults-server-pid/.test(line))
  const notable = lines.filter((line) => NOTABLE.test(line))
  const chosen = notable.length > 0 ? notable.slice(0, 4) : lines.slice(-4)
  return chosen.map((line) => (line.length > 240 ? `${line.slice(0, 240)}…` : line)).join('\n') || '(no output)'
}

/** Sends a signal to a process that may already be gone. */
function signal(pid, name) {
  try {
    process.kill(pid, name)
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ESRCH') throw error
  }
}

/**
 * Starts the server (see startServer) and waits until it is healthy (see waitUntilHealthy); the
 * server comes with `readySeconds`, the time from its start until /healthz answered 200. One that
 * is not healthy in time is killed before the error is thrown: coming up late, it would hold the
 * port and answer the health checks of the next server started there.
 * @param {ServerOptions & { timeoutMs?: number }} options
 */
export async function startHealthyServer({ timeoutMs, ...options }) {
  const server = startServer(options)
  try {
    const readySeconds = await waitUntilHealthy(server, { timeoutMs })
    return Object.assign(server, { readySeconds })
  } catch (error) {
    await server.release()
    throw error
  }
}

/** Waits until /healthz answers 200; throws with the server's last output if it exits or takes too long. */
async function waitUntilHealthy(server, { timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!server.alive) {
      const { code, signal } = server.exitInfo
      throw new Error(`the server exited (${signal ?? `code ${code}`}) before it was ready:\n${server.excerpt()}`)
    }
    if ((await healthStatus(server.port)) === 200) return (Date.now() - server.started) / 1000
    await delay(100)
  }
  throw new Error(`the server was not ready within ${timeoutMs / 1000} s:\n${server.excerpt()}`)
}

/** The status of GET /healthz, or 0 when there is no answer within a second. */
export function healthStatus(port) {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/healthz', agent: false, timeout: 1_000 }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
      response.on('error', () => resolve(0))
    })
    request.on('timeout', () => request.destroy())
    request.on('error', () => resolve(0))
  })
}

export function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

export function indent(text) {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n')
}
