import { rmSync } from 'node:fs'
import { test as base } from '@playwright/test'
import { SETUP_TOKEN } from './admin'
import { freePort, startServer, stopServer, temporaryDataDir, waitUntilHealthy } from './server-process'

/**
 * Runs `use` with the origin of a production server of its own, on a fresh embedded database and
 * upload folder, with the e2e setup token (and `env` on top); `prepare` may fill the data folder
 * before the server starts. Then stops the server and removes both folders.
 */
export async function withPrivateServer(
  env: Record<string, string | undefined>,
  use: (origin: string) => Promise<void>,
  prepare?: (dataDir: string) => Promise<void>,
): Promise<void> {
  const dataDir = temporaryDataDir()
  const storageDir = temporaryDataDir()
  try {
    await prepare?.(dataDir)
    const server = startServer({ DATA_DIR: dataDir, STORAGE_DIR: storageDir, ADMIN_SETUP_TOKEN: SETUP_TOKEN, ...env }, await freePort())
    try {
      await waitUntilHealthy(server)
      await use(`http://127.0.0.1:${server.port}`)
    } finally {
      await stopServer(server)
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(storageDir, { recursive: true, force: true })
  }
}

/**
 * Specs that need a site nobody else touches (an empty database for the first administrator, or
 * published texts that must not show on the shared server's pages) use this `test`: every test
 * starts its own production server on a fresh embedded database and its own upload folder, and
 * `baseURL` points to it. One server per test, not per worker, so no test sees what another left
 * (the first administrator's setup needs a site without any account, whatever ran before it).
 */
export const test = base.extend<{ privateServer: { baseURL: string } }>({
  privateServer: [async ({}, use) => withPrivateServer({ FORM_RATE_LIMIT: '1000' }, (baseURL) => use({ baseURL })), { timeout: 90_000 }],
  baseURL: async ({ privateServer }, use) => use(privateServer.baseURL),
})

export { expect } from '@playwright/test'
