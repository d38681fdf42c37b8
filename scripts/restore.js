// npm run restore -- ARCHIVE [--force] — restores an archive into the empty database of DATABASE_URL
// or DATA_DIR (and STORAGE_DIR), then applies the newer migrations. --force replaces what is there.
// The code lives in the server build (app/lib/backups/backup-cli.server.ts), as for admin:create.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const buildDir = process.env.BUILD_DIR ?? 'build'
const entry = path.resolve(buildDir, 'server/index.js')

if (!existsSync(entry)) {
  console.error(`Building the server first (${buildDir}/)...`)
  const built = spawnSync('npx', ['react-router', 'build'], { stdio: ['ignore', 2, 2], env: process.env })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

const { runRestore } = await import(pathToFileURL(entry).href)
if (typeof runRestore !== 'function') {
  console.error(`${entry} is an older build without npm run restore. Run: npm run build`)
  process.exit(1)
}
try {
  await runRestore(process.argv.slice(2))
  process.exit(0)
} catch (error) {
  // One line: what went wrong and, where it can, what to do.
  console.error(`npm run restore failed: ${(error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ')}`)
  process.exit(1)
}
