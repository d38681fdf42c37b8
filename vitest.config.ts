import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)), '~db': fileURLToPath(new URL('./db', import.meta.url)) } },
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/security/**/*.test.{ts,tsx}',
      'tests/e2e/support/**/*.test.ts',
    ],
    environment: 'node',
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, which leaves a
    // core idle while a test waits for PostgreSQL, a server or the disk.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Worker threads rather than Vitest's default child processes: a test file starts faster in a
    // thread (the whole run took 150 s against 172 s on a 2-core machine, decision 043).
    pool: 'threads',
    setupFiles: ['./tests/support/fail-on-console-error.ts'],
    // A guard against a hang, not a speed limit: every integration test starts an embedded
    // PostgreSQL (WebAssembly), and on a busy two-core machine several starts take over a minute.
    // Longer runs use tests/support/long-runs.ts.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // VITEST_JSON_REPORT=<file> adds a machine-readable report (CI's closing summary reads it).
    ...(process.env.VITEST_JSON_REPORT ? { reporters: ['default', 'json'], outputFile: { json: process.env.VITEST_JSON_REPORT } } : {}),
  },
})
