import { rmSync } from 'node:fs'
import { freePort, killServer, startServer, temporaryDataDir, type ServerProcess } from './server-process'
import { test as base } from './test'

export interface OwnServers {
  /** Starts the production server on a free port with the environment (see startServer). */
  start(env: Record<string, string | undefined>): Promise<ServerProcess>
  /** A new, empty temporary folder (for DATA_DIR or STORAGE_DIR). */
  dataDir(): string
}

/**
 * Playwright's `test` (support/test.ts) with `ownServers`, for specs that start production servers
 * of their own: every server a test started and is still running when it ends is killed (SIGKILL),
 * and every folder it asked for is removed, whether the test passed or not.
 */
export const test = base.extend<{ ownServers: OwnServers }>({
  ownServers: async ({}, use) => {
    const started: ServerProcess[] = []
    const folders: string[] = []
    try {
      await use({
        async start(env) {
          const server = startServer(env, await freePort())
          started.push(server)
          return server
        },
        dataDir() {
          const folder = temporaryDataDir()
          folders.push(folder)
          return folder
        },
      })
    } finally {
      for (const server of started) await killServer(server)
      for (const folder of folders) rmSync(folder, { recursive: true, force: true })
    }
  },
})

export { expect } from './test'
