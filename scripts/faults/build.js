// The production build the fault runs start: built into its own folder when it is missing or older
// than the sources, so that a fresh clone needs no other step and an edit is never tested stale.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const SOURCES = ['app', 'server', 'db', 'public', 'react-router.config.ts', 'vite.config.ts', 'package-lock.json']

function newestChange(entry) {
  if (!existsSync(entry)) return 0
  const stat = statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, name)))
  return newest
}

/** Why the build in buildDir must be made again, or null when it is current. */
export function staleReason(root, buildDir) {
  const entry = path.join(root, buildDir, 'server', 'index.js')
  if (!existsSync(entry)) return `${buildDir} has no build yet`
  const built = statSync(entry).mtimeMs
  const changed = SOURCES.find((source) => newestChange(path.join(root, source)) > built)
  return changed ? `${changed} changed since ${buildDir} was built` : null
}

export async function ensureBuild(root, buildDir, { force = false } = {}) {
  const reason = force ? 'a rebuild was asked for' : staleReason(root, buildDir)
  if (!reason) {
    console.info(`Build: ${buildDir} is current.`)
    return
  }
  console.info(`Build: ${reason}; building into ${buildDir}…`)
  const started = Date.now()
  let output = ''
  const code = await new Promise((resolve, reject) => {
    const child = spawn('npx', ['react-router', 'build'], {
      cwd: root,
      env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('exit', resolve)
  })
  if (code !== 0) throw new Error(`The build failed (exit ${code}):\n${output.slice(-4000)}`)
  console.info(`Build: done in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
}
