import { availableParallelism } from 'node:os'
import { defineConfig, devices } from '@playwright/test'

/** Each parallel run uses its own port and build: E2E_PORT=3304 BUILD_DIR=build-x npx playwright test */
const PORT = Number(process.env.E2E_PORT ?? 3210)
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
/** The staff e-mails of the run go to this local port, where tests/e2e/staff/staff-alerts.spec.ts listens (nobody else: they are retried). */
const SMTP_PORT = PORT + 20_000

/**
 * A fresh database for every run (scripts/e2e-database.js creates it): an embedded one in
 * ./data/e2e-<pid>, or, with E2E_DATABASE_URL, a database e2e_<pid> on that PostgreSQL server.
 */
const RUN_ID = process.pid
function e2eDatabaseUrl(serverUrl: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/e2e_${RUN_ID}`
  return url.toString()
}
const database: Record<string, string> = process.env.E2E_DATABASE_URL
  ? { DATABASE_URL: e2eDatabaseUrl(process.env.E2E_DATABASE_URL) }
  : // An undefined value keeps a DATABASE_URL of the calling shell away from the server.
    { DATA_DIR: `./data/e2e-${RUN_ID}`, DATABASE_URL: undefined as unknown as string }

export default defineConfig({
  testDir: './tests/e2e',
  // Only specs: tests/e2e/support/*.test.ts are unit tests of the helpers (Vitest).
  testMatch: '**/*.spec.ts',
  // The run on a PostgreSQL server repeats the specs that read and write data. Headers, the first
  // screen's size, valid HTML and the server-process specs check what does not depend on the kind of database
  // (and the server-process specs start their own servers on the embedded one).
  testIgnore: process.env.E2E_DATABASE_URL
    ? [
        '**/platform/headers.spec.ts',
        '**/public/budget.spec.ts',
        '**/public/html-valid.spec.ts',
        '**/platform/server-process.spec.ts',
        '**/platform/server-processes.spec.ts',
        '**/public/offline-servers.spec.ts',
      ]
    : [],
  // Parallel runs from different builds must not wipe each other's results.
  outputDir: BUILD_DIR === 'build' ? 'test-results' : `test-results/${BUILD_DIR}`,
  fullyParallel: true,
  // Two workers at least: one worker leaves a core idle while it waits for the server or the browser
  // (Playwright's default is half the cores, one on a 2-core machine). On more cores, half of them.
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // E2E_JSON_REPORT=<file> adds a machine-readable report (CI's closing summary reads it).
  reporter: process.env.E2E_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]] : [['list']],
  // Time limits guard against a hang; they are not speed limits: on a busy 2-core machine a test
  // that starts servers or creates a database folder takes minutes, and a page's check seconds.
  timeout: 300_000,
  expect: { timeout: 30_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, grepInvert: /@site-editor/, teardown: 'editor' },
    // The site editor specs (tagged @site-editor) change what every public page shows (texts, theme,
    // layout, phone): they run after the others, so no other spec sees the site while it is edited,
    // and one at a time, so no two of them save the same document over each other (a 409 conflict).
    { name: 'editor', use: { ...devices['Desktop Chrome'] }, grep: /@site-editor/, workers: 1 },
  ],
  webServer: {
    command: 'node scripts/e2e-database.js && node server.js',
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    // SIGTERM lets the server finish its requests and close the database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      BUILD_DIR,
      ...database,
      // Not the checkout's ./storage: a folder of earlier uploads is copied into the database at start.
      STORAGE_DIR: `./data/e2e-storage-${RUN_ID}`,
      // No scheduled backups of a test database (their dashboard warning is what the specs see).
      BACKUP_INTERVAL: 'off',
      BACKUP_DIR: `./data/e2e-backups-${RUN_ID}`,
      // The suite submits many forms from one address.
      FORM_RATE_LIMIT: process.env.FORM_RATE_LIMIT ?? '1000',
      // The first administrator's one-time setup link, known to the admin specs (tests/e2e/support/admin.ts).
      ADMIN_SETUP_TOKEN: 'e2e-admin-setup-token-0123456789abcdef',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      // The test mail server offers no TLS; it runs on this machine.
      SMTP_ALLOW_PLAIN_LOCAL: '1',
      ALERT_EMAILS: 'desk@clinic.test',
    },
  },
})
