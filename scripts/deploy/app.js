// The site's server as a deployment runs it: the production build, the embedded database in its own
// DATA_DIR, uploads in STORAGE_DIR, one reverse proxy in front (TRUST_PROXY=1) and the public
// https:// address. The first administrator comes from ADMIN_SETUP_TOKEN, as in a scripted install.
import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { startHealthyServer } from '../faults/server-process.js'

/** Public form submissions allowed per client address in the test (small, so the limit is reached). */
export const FORM_RATE_LIMIT = 3

export function startApp({ root, buildDir, folder, appPort, httpsPort }) {
  const dataDir = path.join(folder, 'data')
  const storageDir = path.join(folder, 'storage')
  const backupDir = path.join(folder, 'backups')
  const keyDir = path.join(folder, 'key')
  for (const dir of [dataDir, storageDir, backupDir, keyDir]) mkdirSync(dir, { recursive: true })
  const env = {
    DATA_DIR: dataDir,
    STORAGE_DIR: storageDir,
    BACKUP_DIR: backupDir,
    // A scheduled backup comes a minute after the start; off, so that none runs into the checks'
    // own backups or the drill's stop at a moment that differs from run to run.
    BACKUP_INTERVAL: 'off',
    TRUST_PROXY: '1',
    PUBLIC_URL: `https://localhost:${httpsPort}`,
    FORM_RATE_LIMIT: String(FORM_RATE_LIMIT),
    FORM_RATE_WINDOW_SECONDS: '3600',
    ADMIN_SETUP_TOKEN: randomBytes(24).toString('hex'),
    // The backup key outside the data, storage and backup folders (made by the first backup), as
    // docs/deploy.md keeps it: the drill's new machine has this file and nothing else.
    BACKUP_KEY_FILE: path.join(keyDir, 'backup-key.txt'),
  }
  let server = null
  return {
    env,
    dataDir,
    storageDir,
    backupDir,
    port: appPort,
    async start() {
      server = await startHealthyServer({ root, buildDir, port: appPort, env })
    },
    /** SIGTERM, as systemd stops it; resolves with the exit code. */
    async stop() {
      const stopped = await server.terminate()
      server = null
      if (stopped.timedOut) throw new Error(`the server did not stop within 10 s of SIGTERM`)
      return stopped.code
    },
    output: () => server?.output() ?? '',
  }
}
