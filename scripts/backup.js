// npm run backup [-- --out FOLDER] — writes one backup archive (the database's dump, the uploaded files,
// a manifest with checksums) into BACKUP_DIR or FOLDER and prints its path as the last line. With the
// embedded database and a running server, the server makes it (app/lib/backups/control-socket.server.ts).
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

const { runBackup } = await import(pathToFileURL(entry).href)
if (typeof runBackup !== 'function') {
  console.error(`${entry} is an older build without npm run backup. Run: npm run build`)
  process.exit(1)
}
try {
  await runBackup(process.argv.slice(2))
  process.exit(0)
} catch (error) {
  // One line: what went wrong and, where it can, what to do.
  console.error(`npm run backup failed: ${(error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ')}`)
  process.exit(1)
}
