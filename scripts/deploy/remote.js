// The off-site copy's far end for the restore drill: `rclone serve sftp` on 127.0.0.1, with a user
// and password of this run, serving a folder of the test's own, as the SFTP host of docs/deploy.md.
// The backup and restore commands reach it as the rclone remote `offsite:`, configured through
// rclone's environment variables (RCLONE_CONFIG_OFFSITE_*), with an empty configuration file of the
// test's own so that no rclone.conf of the machine's user takes part.
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { onCleanup } from '../faults/cleanup.js'
import { delay } from '../faults/server-process.js'

const OUTPUT_KEPT = 8 * 1024
/** The folder on the remote the archives go to: BACKUP_REMOTE is `offsite:<this>`. */
const REMOTE_FOLDER = 'clinic-backups'

/**
 * Starts the SFTP server; resolves when it takes connections.
 * @param {{ folder: string, port: number, timeoutMs?: number }} options
 */
export async function startSftpRemote({ folder, port, timeoutMs = 30_000 }) {
  const served = path.join(folder, 'served')
  const home = path.join(folder, 'home')
  for (const dir of [served, home]) mkdirSync(dir, { recursive: true })
  const emptyFile = (name) => {
    const file = path.join(folder, name)
    writeFileSync(file, '', { mode: 0o600 })
    return file
  }
  const config = emptyFile('rclone.conf')
  const authorizedKeys = emptyFile('authorized_keys')
  const user = 'drill'
  const password = randomBytes(18).toString('base64url')
  const ownEnv = { PATH: process.env.PATH, HOME: home, RCLONE_CONFIG: config, RCLONE_CACHE_DIR: path.join(home, 'cache') }

  const child = spawn(
    'rclone',
    ['serve', 'sftp', served, '--addr', `127.0.0.1:${port}`, '--user', user, '--pass', password, '--authorized-keys', authorizedKeys],
    { env: ownEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  const keep = (chunk) => (output = (output + chunk).slice(-OUTPUT_KEPT))
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  let exited = false
  const gone = new Promise((resolve) => {
    child.on('error', (error) => {
      keep(`\n${error.message}\n`)
      exited = true
      resolve(undefined)
    })
    child.on('close', () => {
      exited = true
      resolve(undefined)
    })
  })
  const stop = onCleanup(`rclone serve sftp (process ${child.pid})`, async () => {
    if (exited) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await gone
    clearTimeout(timer)
  })

  const deadline = Date.now() + timeoutMs
  while (!(await accepts(port))) {
    if (exited) throw new Error(`rclone serve sftp exited:\n${output.slice(-2000)}`)
    if (Date.now() > deadline) throw new Error(`rclone serve sftp did not listen within ${timeoutMs / 1000} s:\n${output.slice(-2000)}`)
    await delay(200)
  }
  return {
    /** BACKUP_REMOTE. */
    path: `offsite:${REMOTE_FOLDER}`,
    /** What the backup and restore commands need to reach the remote. */
    env: {
      RCLONE_CONFIG: config,
      RCLONE_CONFIG_OFFSITE_TYPE: 'sftp',
      RCLONE_CONFIG_OFFSITE_HOST: '127.0.0.1',
      RCLONE_CONFIG_OFFSITE_PORT: String(port),
      RCLONE_CONFIG_OFFSITE_USER: user,
      RCLONE_CONFIG_OFFSITE_PASS: execFileSync('rclone', ['obscure', password], { env: ownEnv, encoding: 'utf8' }).trim(),
    },
    /** The files the remote folder holds now, as the server's disk has them. */
    files() {
      try {
        return readdirSync(path.join(served, REMOTE_FOLDER)).sort()
      } catch {
        return []
      }
    },
    stop,
  }
}

/** Whether a TCP connection to the port on 127.0.0.1 is accepted. */
function accepts(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
