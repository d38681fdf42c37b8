// The command-line tools whose code lives in the server build (npm run backup, npm run restore): the
// build is made if it is missing (its output goes to stderr, so stdout carries only the command's
// own answer), the command's function is taken from it and run, and a failure is one line.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * Runs the export `name` of the server build as `npm run <command>`, with the script's arguments; exits.
 * @param {string} command
 * @param {string} name
 */
export async function runServerCommand(command, name) {
  const buildDir = process.env.BUILD_DIR ?? 'build'
  const entry = path.resolve(buildDir, 'server/index.js')

  if (!existsSync(entry)) {
    console.error(`Building the server first (${buildDir}/)...`)
    const built = spawnSync('npx', ['react-router', 'build'], { stdio: ['ignore', 2, 2], env: process.env })
    if (built.status !== 0) process.exit(built.status ?? 1)
  }

  const run = (await import(pathToFileURL(entry).href))[name]
  if (typeof run !== 'function') {
    console.error(`${entry} is an older build without npm run ${command}. Run: npm run build`)
    process.exit(1)
  }
  try {
    await run(process.argv.slice(2))
    process.exit(0)
  } catch (error) {
    // One line: what went wrong and, where it can, what to do.
    console.error(`npm run ${command} failed: ${(error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ')}`)
    process.exit(1)
  }
}
