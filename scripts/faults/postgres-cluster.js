// A private PostgreSQL cluster for one fault run: initdb in a temporary folder, its own port on
// 127.0.0.1 and its own socket folder, so the machine's shared server is never touched. Run as the
// `postgres` user when this process is root (PostgreSQL refuses to run as root).
import { execFile, execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { onCleanup } from './cleanup.js'

const execFileAsync = promisify(execFile)

/** The newest installed PostgreSQL's bin folder (Debian's layout), or '' to use the PATH. */
export function postgresBinDir() {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return ''
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? path.join(root, versions[0], 'bin') : ''
}

/** The `postgres` user's ids when this process is root (the cluster must not run as root), else null. */
function clusterOwner() {
  if (process.getuid?.() !== 0) return null
  try {
    const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
    return { uid: id('-u'), gid: id('-g') }
  } catch {
    throw new Error('Running as root, but there is no `postgres` user to run the private PostgreSQL cluster as.')
  }
}

/**
 * Creates and starts a cluster on 127.0.0.1:port; removed (stopped at once, folder deleted) by
 * the run's clean-up, or earlier by `remove()`.
 */
export async function createCluster({ port }) {
  const bin = postgresBinDir()
  const tool = (name) => (bin ? path.join(bin, name) : name)
  const owner = clusterOwner()
  const folder = mkdtempSync(path.join(os.tmpdir(), 'faults-pg-'))
  if (owner) chownSync(folder, owner.uid, owner.gid)
  const dataDir = path.join(folder, 'data')
  const logFile = path.join(folder, 'postgresql.log')

  /** Runs a PostgreSQL program as the cluster's owner. */
  async function program(name, args, { timeoutMs = 60_000 } = {}) {
    const [file, argv] = owner ? ['runuser', ['-u', 'postgres', '--', tool(name), ...args]] : [tool(name), args]
    try {
      const { stdout } = await execFileAsync(file, argv, { cwd: folder, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 })
      return stdout
    } catch (error) {
      const failed = /** @type {Error & { stderr?: string, stdout?: string }} */ (error)
      const detail = [failed.stderr, failed.stdout].filter(Boolean).join('\n').trim().slice(-2000)
      throw new Error(`${name} ${args.join(' ')} failed: ${detail || failed.message}`, { cause: error })
    }
  }

  const serverOptions = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=100`
  let started = false
  const remove = onCleanup(`the PostgreSQL cluster in ${folder}`, async () => {
    if (started) await program('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {})
    rmSync(folder, { recursive: true, force: true })
  })

  await program('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C'])
  started = true
  await program('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start'])

  /** Runs SQL with psql over TCP and returns its unaligned, tuples-only output lines. */
  async function psql(database, sql) {
    const output = await program('psql', [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      '-d',
      database,
      '-v',
      'ON_ERROR_STOP=1',
      '-qAtc',
      sql,
    ])
    return output.split('\n').filter((line) => line !== '')
  }

  return {
    port,
    folder,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    psql,
    async createDatabase(name) {
      if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name ${name}`)
      await psql('postgres', `create database ${name}`)
    },
    /** Ends every connection to the database, as an administrator or a failover would. */
    async terminateBackends(database) {
      const ended = await psql(
        'postgres',
        `select count(pg_terminate_backend(pid)) from pg_stat_activity where datname = '${database}' and pid <> pg_backend_pid()`,
      )
      return Number(ended[0] ?? 0)
    },
    /** A fast restart (open connections are ended), waiting until it accepts connections again. */
    async restart() {
      await program('pg_ctl', ['-D', dataDir, '-l', logFile, '-m', 'fast', '-w', '-t', '60', 'restart'])
    },
    remove,
  }
}
