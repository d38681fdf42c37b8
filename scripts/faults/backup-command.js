// `npm run backup` as an operator runs it (scripts/backup.js with the server build the fault run
// uses), beside a running server on the same DATA_DIR, which then makes the archive.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'

const TIME_LIMIT_MS = 120_000

/** Runs the backup into `outDir`; resolves with { code, stdout, stderr, archive (the last stdout line) }. */
export function runBackup({ root, buildDir, env, outDir }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/backup.js', '--out', outDir], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', BUILD_DIR: buildDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), TIME_LIMIT_MS)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const lines = stdout.trim().split('\n')
      resolve({ code: code ?? signal, stdout, stderr: stderr.trim(), archive: code === 0 ? lines[lines.length - 1] : null })
    })
  })
}

export function sha256(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex')
}
