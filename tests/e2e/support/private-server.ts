import { rmSync } from 'node:fs'
import { test as base } from '@playwright/test'
import { SETUP_TOKEN } from './admin'
import { freePort, startServer, temporaryDataDir, waitUntilHealthy, within } from './server-process'

/**
 * Specs that need a site nobody else touches (an empty database for the first administrator, or
 * published texts that must not show on the shared server's pages) use this `test`: every test
 * starts its own production server on a fresh embedded database and its own upload folder, and
 * `baseURL` points to it. One server per test, not per worker, so no test sees what another left
 * (the first administrator's setup needs a site without any account, whatever ran before it).
 */
export const test = base.extend<{ privateServer: { baseURL: string } }>({
  privateServer: [
    async ({}, use) => {
      const dataDir = temporaryDataDir()
      const storageDir = temporaryDataDir()
      const server = startServer(
        { DATA_DIR: dataDir, STORAGE_DIR: storageDir, ADMIN_SETUP_TOKEN: SETUP_TOKEN, FORM_RATE_LIMIT: '1000' },
        await freePort(),
      )
      try {
        await waitUntilHealthy(server)
        await use({ baseURL: `http://127.0.0.1:${server.port}` })
      } finally {
        if (server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill('SIGTERM')
          await within(server.exited, 15_000, 'the private server stopping').catch(async () => {
            server.child.kill('SIGKILL')
            await server.exited
          })
        }
        rmSync(dataDir, { recursive: true, force: true })
        rmSync(storageDir, { recursive: true, force: true })
      }
    },
    { timeout: 90_000 },
  ],
  baseURL: async ({ privateServer }, use) => use(privateServer.baseURL),
})

export { expect } from '@playwright/test'
