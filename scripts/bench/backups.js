// Backups and restores measured on a PostgreSQL database (seeded with scripts/seed-appointments.js):
// `npm run backup` (which writes an encrypted archive), the age encryption of that archive alone,
// and `npm run restore` into a new empty database of the same server, of the archive as made
// (encrypted) and of the same archive decrypted, as an archive of before decision 032 is
// (`--allow-unencrypted`), in turns. Times are wall-clock, memory the command's peak resident size
// (GNU time); the median of the runs is printed with every run beside it.
//   node scripts/bench/backups.js --database-url postgres://…/seeded [--runs 5]
// Needs the server build (npm run build) and /usr/bin/time. The target databases it creates and
// drops are named after the seeded one with a suffix; the connection must be allowed to create
// databases. Restores run with --allow-superuser when it is a superuser's.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Decrypter, Encrypter } from 'age-encryption'
import pg from 'pg'
import { cleanUp, temporaryFolder } from '../faults/cleanup.js'

const args = process.argv.slice(2)
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
const runs = Number(option('--runs') ?? 5)
const source = option('--database-url') ?? ''
if (!source) throw new Error('Usage: node scripts/bench/backups.js --database-url postgres://…/seeded [--runs 5]')

const folder = temporaryFolder('bench-backups-').path
const key = randomBytes(32).toString('base64')
const storageDir = path.join(folder, 'storage')
mkdirSync(storageDir)
const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', BACKUP_KEY: key, STORAGE_DIR: storageDir }

/** Runs a command under GNU time: { seconds, peakMb, stdout }. */
function timed(command, commandArgs, extraEnv) {
  const report = path.join(folder, 'time.txt')
  const stdout = execFileSync('/usr/bin/time', ['-f', '%e %M', '-o', report, command, ...commandArgs], {
    env: { ...env, ...extraEnv },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [seconds, kilobytes] = readFileSync(report, 'utf8').trim().split(/\s+/).map(Number)
  return { seconds, peakMb: kilobytes / 1024, stdout }
}

async function admin(sql) {
  const url = new URL(source)
  url.pathname = '/postgres'
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  try {
    return await client.query(sql)
  } finally {
    await client.end()
  }
}

async function freshTarget(name) {
  await admin(`drop database if exists ${name} with (force)`)
  await admin(`create database ${name}`)
  const url = new URL(source)
  url.pathname = `/${name}`
  return url.toString()
}

const superuser = (await admin('select rolsuper from pg_roles where rolname = current_user')).rows[0]?.rolsuper === true
const target = `${new URL(source).pathname.slice(1)}_restore_bench`
/** @typedef {{ seconds: number, peakMb: number }} Measured */
/** @type {Record<'backup' | 'encryptOnly' | 'restoreEncrypted' | 'restorePlain', Measured[]>} */
const results = { backup: [], encryptOnly: [], restoreEncrypted: [], restorePlain: [] }
try {
  for (let run = 0; run < runs; run++) {
    const out = path.join(folder, `archives-${run}`)
    mkdirSync(out)
    const backup = timed('node', ['scripts/backup.js', '--out', out], { DATABASE_URL: source })
    results.backup.push(backup)
    const encrypted = path.join(out, readdirSync(out).find((name) => name.endsWith('.age')) ?? 'missing.age')
    const plain = encrypted.replace(/\.age$/, '')
    const decrypter = new Decrypter()
    decrypter.addPassphrase(key)
    const plainBytes = await decrypter.decrypt(readFileSync(encrypted))
    writeFileSync(plain, plainBytes)
    const encryptStart = process.hrtime.bigint()
    const encrypter = new Encrypter()
    encrypter.setPassphrase(key)
    encrypter.setScryptWorkFactor(12)
    await encrypter.encrypt(plainBytes)
    results.encryptOnly.push({ seconds: Number(process.hrtime.bigint() - encryptStart) / 1e9, peakMb: NaN })
    const flags = ['--force', ...(superuser ? ['--allow-superuser'] : [])]
    // Turns: encrypted first on even runs, plain first on odd ones.
    const order = run % 2 === 0 ? ['restoreEncrypted', 'restorePlain'] : ['restorePlain', 'restoreEncrypted']
    for (const kind of order) {
      const archive = kind === 'restoreEncrypted' ? encrypted : plain
      const extra = kind === 'restorePlain' ? ['--allow-unencrypted'] : []
      results[kind].push(timed('node', ['scripts/restore.js', archive, ...flags, ...extra], { DATABASE_URL: await freshTarget(target) }))
    }
    const line = (kind) => `${results[kind][run].seconds.toFixed(1)} s, ${Math.round(results[kind][run].peakMb)} MB`
    console.info(
      `run ${run + 1}: backup ${line('backup')}; encryption alone ${(results.encryptOnly[run].seconds * 1000).toFixed(0)} ms; restore encrypted ${line('restoreEncrypted')}; restore plain ${line('restorePlain')}; archive ${readFileSync(encrypted).length} bytes (${plainBytes.length} plain)`,
    )
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
  for (const [kind, list] of Object.entries(results)) {
    console.info(
      `${kind}: median ${median(list.map((r) => r.seconds)).toFixed(2)} s, ${Math.round(median(list.map((r) => r.peakMb)))} MB (runs: ${list.map((r) => r.seconds.toFixed(2)).join(', ')})`,
    )
  }
} finally {
  await admin(`drop database if exists ${target} with (force)`)
  await cleanUp()
}
