// Several server processes on one port (Node's cluster): WEB_CONCURRENCY=N with a PostgreSQL
// server. The primary process only starts, watches and stops the others; it never opens the
// database or serves a request. The first process starts alone (it applies the migrations), the
// rest once it listens. The embedded database serves one process, so without DATABASE_URL the
// server runs one and says so.
import cluster from 'node:cluster'
import { SALT_VARIABLE, shareVisitors } from './site-visitors.js'

/** A worker that dies is started again after this long, unless the server is stopping. */
const RESTART_DELAY_MS = 1_000
/** Every worker gets this long to finish after SIGTERM (its own limit is 7 s + 2.5 s). */
const STOP_TIMEOUT_MS = 11_000
const MAX_PROCESSES = 64

/**
 * How many server processes to run, from WEB_CONCURRENCY and whether the database is embedded.
 * @param {NodeJS.ProcessEnv} environment
 * @returns {number}
 */
export function serverProcessCount(environment) {
  const value = environment.WEB_CONCURRENCY?.trim()
  if (!value) return 1
  const count = Number(value)
  if (!Number.isInteger(count) || count < 1 || count > MAX_PROCESSES) {
    throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to ${MAX_PROCESSES} (the number of server processes), not "${value}".`)
  }
  if (count > 1 && !environment.DATABASE_URL) {
    console.warn(
      `WEB_CONCURRENCY=${count} asks for ${count} server processes, but the embedded database serves one process only: running one. ` +
        'Set DATABASE_URL to a PostgreSQL server to run several.',
    )
    return 1
  }
  return count
}

/** True in the process that serves requests and owns the schedules (the first, or the only one). */
export function isFirstServerProcess() {
  return !cluster.isWorker || process.env.SERVER_PROCESS_INDEX === '0'
}

/**
 * The primary: starts `count` workers, starts again any that dies, stops them all on SIGTERM/SIGINT.
 * @param {number} count
 */
export function superviseServerProcesses(count) {
  const slots = new Map()
  let stopping = false
  let firstListening = false
  let exitCode = 0
  // The site analytics' daily salt and visitor set, shared by the processes (server/site-visitors.js).
  const visitors = shareVisitors(cluster)

  /** @param {number} index */
  function fork(index) {
    const worker = cluster.fork({ SERVER_PROCESS_INDEX: String(index), [SALT_VARIABLE]: visitors.saltForNewProcess() })
    slots.set(worker.id, index)
    worker.once('listening', () => {
      if (index === 0 && !firstListening) {
        firstListening = true
        for (let next = 1; next < count; next++) fork(next)
        console.info(`${count} server processes share the port.`)
      }
    })
  }

  cluster.on('exit', (worker, code, signal) => {
    const index = slots.get(worker.id)
    slots.delete(worker.id)
    if (stopping) {
      // A process still starting ends by the signal itself, with nothing to finish: that is a clean stop too.
      if (code !== 0 && signal !== 'SIGTERM') exitCode = 1
      if (slots.size === 0) process.exit(exitCode)
      return
    }
    if (index === 0 && !firstListening) {
      // It never came up (configuration, database): the others would fail the same way.
      console.error(`The first server process stopped before listening (exit ${code ?? signal}).`)
      process.exit(code || 1)
    }
    console.error(
      `Server process ${index} stopped unexpectedly (exit ${code ?? signal}); starting it again in ${RESTART_DELAY_MS / 1000} s.`,
    )
    setTimeout(() => {
      if (!stopping) fork(index)
    }, RESTART_DELAY_MS)
  })

  /** @param {NodeJS.Signals} signal */
  function stop(signal) {
    if (stopping) return
    stopping = true
    visitors.stop()
    console.info(`${signal}: stopping ${slots.size} server process(es).`)
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
    if (slots.size === 0) process.exit(0)
    setTimeout(() => {
      console.error('Server processes still running after the stop limit; ending them.')
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
      process.exit(1)
    }, STOP_TIMEOUT_MS).unref()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))

  fork(0)
}
