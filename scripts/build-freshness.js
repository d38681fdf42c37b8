// Whether a production build is older than what it is made from. `npm start` builds only when it
// is (so a restart after a crash starts at once), and the fault runs use the same rule.
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

/** The file the build writes when it has finished (`scripts/precompress.js`). */
export const BUILD_COMPLETE_MARK = 'build-complete'

/** What a build is made from, relative to the project: a change below any of them makes it stale. */
export const BUILD_SOURCES = [
  'app',
  'server',
  'server.js',
  'db',
  'public',
  'react-router.config.ts',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/precompress.js',
  'scripts/build-service-worker.js',
  'service-worker',
]

/**
 * The latest modification time below `entry` (a folder's own time counts: it changes when a file is deleted), 0 when it is missing.
 * @param {string} entry
 * @returns {number}
 */
export function newestChange(entry) {
  if (!existsSync(entry)) return 0
  const stat = statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, name)))
  return newest
}

/**
 * Why the build in `buildDir` must be made again, or null when it is current.
 * @param {string} root
 * @param {string} buildDir
 * @param {readonly string[]} [sources]
 * @returns {string | null}
 */
export function staleReason(root, buildDir, sources = BUILD_SOURCES) {
  // Written by the build's last step: a build that stopped half-way has none and is made again.
  const entry = path.join(root, buildDir, BUILD_COMPLETE_MARK)
  if (!existsSync(entry)) return `${buildDir} has no complete build`
  const built = statSync(entry).mtimeMs
  const changed = sources.find((source) => newestChange(path.join(root, source)) > built)
  return changed ? `${changed} changed since ${buildDir} was built` : null
}
