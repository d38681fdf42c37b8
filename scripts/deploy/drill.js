// The restore drill of docs/deploy.md, behind the proxy: stop the server, `npm run backup` with
// BACKUP_REMOTE set (the encrypted archive is copied to an rclone remote, ./remote.js), wipe the
// data, storage and archive folders (a new machine with only the backup key), `npm run restore
// offsite:…/ARCHIVE` from the remote, start again. Every table's rows (read from the stopped
// database itself) and the uploaded image (as served through Caddy) must be the same, and the
// administrator must sign in with the same password.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_EXTENSIONS } from '../../db/pglite-extensions.js'
import { onCleanup } from '../faults/cleanup.js'
import { expect } from './checks.js'
import { findCookie } from './client.js'

const COMMAND_TIME_LIMIT_MS = 180_000
/**
 * The backups' own record: a backup adds its row before it dumps, so the archive holds that row as
 * it was then (not yet finished), and the restored database cannot equal the one backed up there.
 */
const BACKUP_RECORD_TABLES = new Set(['public.backup_runs'])
/**
 * What a restore changes on purpose (decision 032): every session ends (everyone signs in again),
 * and the audit log gains the restore's own entry. These rows are compared apart.
 */
const ENDED_BY_RESTORE = ['public.sessions']
const AUDIT_TABLE = 'public.audit_log'
const RESTORE_ACTION = 'backup-restore'
const OUTPUT_KEPT = 8 * 1024

/**
 * `npm run backup` while the server serves (the running server makes it, as its daily backups):
 * an archive comes out, and the site still takes a new request through the proxy afterwards.
 */
export async function onlineBackup(ctx, postRequest) {
  const { archive, stdout } = await backupInto(ctx, 'online-archives')
  const mode = statSync(archive).mode & 0o777
  expect(mode === 0o600, `the archive's mode is ${mode.toString(8)}, not 600`)
  const after = await postRequest()
  expect(after.acknowledged, `a new request after the backup answered ${after.status}`)
  const lines = stdout.trim().split('\n')
  return `${lines.at(-2) ?? ''} ${path.basename(archive)}, mode 600; a new request afterwards: 200`.trim()
}

export async function backupDrill(ctx) {
  const { app, client, root, remote } = ctx
  const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts ?? {}
  expect(scripts.backup && scripts.restore, 'package.json has no backup or restore script')
  expect(ctx.image && ctx.session, 'the upload or sign-in check failed, so there is nothing to compare')

  await app.stop()
  const before = await snapshot(app.dataDir)
  const withRemote = { ...app.env, ...remote.env, BACKUP_REMOTE: remote.path }
  const { archive, stdout } = await backupInto(ctx, 'drill-archives', withRemote)
  const name = path.basename(archive)
  const archiveBytes = statSync(archive).size
  expect(name.endsWith('.age'), `the archive ${name} is not encrypted (.age)`)
  expect(stdout.includes(`Copied off-site to ${remote.path}.`), `npm run backup did not say it copied off-site:\n${stdout}`)
  expect(remote.files().includes(name), `the remote holds ${remote.files().join(', ') || 'nothing'}, not ${name}`)

  // A new machine: nothing of the old one's data, uploads or archives; only the key and the remote.
  for (const dir of [app.dataDir, app.storageDir, app.backupDir, ...ctx.archiveFolders]) {
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir)
  }
  const remoteArchive = `${remote.path}/${name}`
  const restore = await npm(root, ['run', '--silent', 'restore', '--', remoteArchive], { ...app.env, ...remote.env })
  expect(restore.code === 0, `npm run restore ${remoteArchive} exited ${restore.code}:\n${restore.output}`)
  const after = await snapshot(app.dataDir)
  for (const table of ENDED_BY_RESTORE) {
    expect(after[table]?.rows === 0, `${table} holds ${after[table]?.rows} rows after the restore: the archive's sessions still work`)
  }
  const restoreEntries = after[AUDIT_TABLE]?.rows - (after[`${AUDIT_TABLE} without the restore`]?.rows ?? 0)
  expect(restoreEntries === 1, `the audit log has ${restoreEntries} restore entries, not 1`)
  const compared = (table) => !ENDED_BY_RESTORE.includes(table) && table !== AUDIT_TABLE
  const differing = Object.keys({ ...before, ...after })
    .filter(compared)
    .filter((table) => before[table]?.hash !== after[table]?.hash)
  expect(
    differing.length === 0,
    `tables differ after the restore: ${differing.map((t) => `${t} (${before[t]?.rows ?? 'missing'} → ${after[t]?.rows ?? 'missing'} rows)`).join(', ')}`,
  )

  await app.start()
  const image = await client.request(ctx.image.url)
  expect(image.status === 200, `${ctx.image.url} answered ${image.status} after the restore`)
  const sha256 = createHash('sha256').update(image.bytes).digest('hex')
  expect(sha256 === ctx.image.sha256, `${ctx.image.url} has other bytes after the restore`)
  const login = await client.postForm('/admin/login', { username: ctx.admin.username, password: ctx.admin.password })
  const cookie = findCookie(login.headers, 'staff_session')
  expect(cookie && (login.status === 302 || login.status === 303), `the administrator's sign-in answered ${login.status} after the restore`)
  ctx.session = cookie.pair
  const requests = await client.request('/admin/patients', { headers: { Accept: 'text/html', Cookie: cookie.pair } })
  expect(requests.status === 200, `the patients list answered ${requests.status} after the restore`)
  const identical = Object.keys(before).filter(compared)
  const rows = identical.reduce((sum, table) => sum + before[table].rows, 0)
  const sessions = ENDED_BY_RESTORE.reduce((sum, table) => sum + (before[table]?.rows ?? 0), 0)
  return `${name} (${(archiveBytes / 1024).toFixed(0)} KB, encrypted) copied to ${remote.path} over SFTP; data, uploads and archives wiped; restored from ${remoteArchive}: ${identical.length} tables, ${rows} rows identical (the audit log with one restore entry more; ${sessions} session(s) ended); image bytes identical through Caddy; administrator signed in again`
}

/**
 * `npm run backup -- --out <folder>` into a new folder of the test's own, with the server's
 * environment (or `env`); fails the check unless it exits 0 and its last line names the archive it wrote.
 */
async function backupInto(ctx, folderName, env = ctx.app.env) {
  const out = path.join(ctx.folder, folderName)
  mkdirSync(out)
  ctx.archiveFolders.push(out)
  const backup = await npm(ctx.root, ['run', '--silent', 'backup', '--', '--out', out], env)
  expect(backup.code === 0, `npm run backup exited ${backup.code}:\n${backup.output}`)
  const archive = backup.stdout.trim().split('\n').at(-1)?.trim() ?? ''
  expect(path.isAbsolute(archive) && existsSync(archive), `npm run backup's last line is not an archive's path: "${archive}"`)
  return { archive, stdout: backup.stdout }
}

/** Each table's row count and a hash of its rows (in a stable order), read from the stopped database. */
async function snapshot(dataDir) {
  const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS })
  try {
    const tables = await db.query(
      `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
       WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
    )
    const result = {}
    for (const { name } of tables.rows.filter(({ name }) => !BACKUP_RECORD_TABLES.has(name))) {
      const quoted = name
        .split('.')
        .map((part) => `"${part.replaceAll('"', '""')}"`)
        .join('.')
      result[name] = await rowsOf(db, `SELECT t::text AS row FROM ${quoted} t ORDER BY 1`)
    }
    // The audit log as it was before the restore added its entry: the same as backed up.
    const audit = `SELECT t::text AS row FROM ${AUDIT_TABLE} t WHERE t.action <> '${RESTORE_ACTION}' ORDER BY 1`
    result[`${AUDIT_TABLE} without the restore`] = await rowsOf(db, audit)
    return result
  } finally {
    await db.close()
  }
}

/** A query's row count and a hash of its rows. */
async function rowsOf(db, query) {
  const { rows } = await db.query(query)
  const hash = createHash('sha256')
  for (const { row } of rows) hash.update(`${row}\n`)
  return { rows: rows.length, hash: hash.digest('hex') }
}

/** Runs an npm script with the server's environment; never rejects. */
function npm(root, args, env) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so that stopping it also stops the node process npm started.
      detached: true,
    })
    const kill = () => {
      try {
        process.kill(-(child.pid ?? 0), 'SIGKILL')
      } catch {
        // Already gone.
      }
    }
    let stdout = ''
    let output = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
      output = (output + chunk).slice(-OUTPUT_KEPT)
    })
    child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-OUTPUT_KEPT)))
    const timer = setTimeout(() => {
      output += `\n(stopped after ${COMMAND_TIME_LIMIT_MS / 1000} s)`
      kill()
    }, COMMAND_TIME_LIMIT_MS)
    const release = onCleanup(`npm ${args[2]} (process ${child.pid})`, () => {
      if (child.exitCode === null && child.signalCode === null) kill()
    })
    child.on('error', (error) => {
      clearTimeout(timer)
      void release()
      resolve({ code: null, stdout, output: `${output}\n${error.message}` })
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      void release()
      resolve({ code, stdout, output: output.trim() })
    })
  })
}
