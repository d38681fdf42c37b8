// The production build the fault runs start: built into its own folder when it is missing or older
// than the sources, so that a fresh clone needs no other step and an edit is never tested stale.
import { spawn } from 'node:child_process'
import { staleReason } from '../build-freshness.js'

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
    const child = spawn('npm', ['run', 'build'], {
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
