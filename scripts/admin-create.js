// npm run admin:create — creates an administrator account (the first one, or another).
// The account code lives in the server build (app/lib/staff/admin-cli.server.ts, shared with the admin
// screens), so this script builds the server if needed and calls it. Asks for the password, or reads
// ADMIN_USERNAME / ADMIN_PASSWORD (and optionally ADMIN_DISPLAY_NAME) for scripted set-up.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const buildDir = process.env.BUILD_DIR ?? 'build'
const entry = path.resolve(buildDir, 'server/index.js')

if (!existsSync(entry)) {
  console.info(`Building the server first (${buildDir}/)...`)
  const built = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit', env: process.env })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

const { runAdminCreate } = await import(pathToFileURL(entry).href)
if (typeof runAdminCreate !== 'function') {
  console.error(`${entry} is an older build without admin:create. Run: npm run build`)
  process.exit(1)
}
try {
  process.exit(await runAdminCreate(process.env))
} catch (error) {
  // A short reason, not a stack trace: the person at the terminal needs to know what to do.
  console.error(`npm run admin:create failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
