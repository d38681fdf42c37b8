// Runs before `npm start`: builds the site when the build is missing or older than its sources,
// and otherwise starts at once.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { staleReason } from './build-freshness.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const buildDir = process.env.BUILD_DIR ?? 'build'
const reason = staleReason(root, buildDir)
if (reason) {
  console.info(`Build: ${reason}; building…`)
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  process.exitCode = result.status ?? 1
} else {
  console.info(`Build: ${buildDir} is current (npm run build rebuilds it anyway).`)
}
