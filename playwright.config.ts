import { availableParallelism } from 'node:os'
import { defineConfig, devices } from '@playwright/test'

/** Each parallel run uses its own port and build: E2E_PORT=3304 BUILD_DIR=build-x npx playwright test */
const PORT = Number(process.env.E2E_PORT ?? 3210)
/** The site editor specs' own server (PORT + 1 is offline-servers.spec.ts's). */
const EDITOR_PORT = PORT + 2
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'

/**
 * A fresh database for every run (scripts/e2e-database.js creates it): an embedded one in
 * ./data/e2e-<pid>, or, with E2E_DATABASE_URL, a database e2e_<pid> on that PostgreSQL server.
 */
const RUN_ID = process.pid
function e2eDatabaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}
/** A server's database: `suffix` tells the site editor's server's (e2e-<pid>-editor) from the main one's. */
function database(suffix: string): Record<string, string> {
  return process.env.E2E_DATABASE_URL
    ? { DATABASE_URL: e2eDatabaseUrl(process.env.E2E_DATABASE_URL, `e2e_${RUN_ID}${suffix.replace('-', '_')}`) }
    : // An undefined value keeps a DATABASE_URL of the calling shell away from the server.
      { DATA_DIR: `./data/e2e-${RUN_ID}${suffix}`, DATABASE_URL: undefined as unknown as string }
}

/**
 * The specs that start, stop and kill servers of their own: fault runs, with their own command
 * (npm run test:processes, run by CI) rather than a place in npm test (docs/decisions/043-suite-in-fifteen-minutes.md).
 */
const PROCESS_SPECS = [
  '**/platform/server-process.spec.ts',
  '**/platform/server-processes.spec.ts',
  '**/platform/database-faults.spec.ts',
  '**/platform/two-servers.spec.ts',
  '**/public/offline-servers.spec.ts',
]

/**
 * The run on a PostgreSQL server repeats the specs that read and write data. Headers, the first
 * screen's size, valid HTML and the server-process specs check what does not depend on the kind of
 * database (and the server-process specs start their own servers on the embedded one).
 */
const ON_POSTGRESQL_IGNORED = process.env.E2E_DATABASE_URL
  ? [
      '**/platform/headers.spec.ts',
      '**/public/budget.spec.ts',
      '**/public/html-valid.spec.ts',
      '**/platform/server-process.spec.ts',
      '**/platform/server-processes.spec.ts',
      '**/public/offline-servers.spec.ts',
    ]
  : []

/** One server for the run: built from BUILD_DIR, on a fresh database of its own. */
function server(port: number, suffix: string) {
  return {
    command: 'node scripts/e2e-database.js && node server.js',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    // SIGTERM lets the server finish its requests and close the database.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BUILD_DIR,
      ...database(suffix),
      // Not the checkout's ./storage: a folder of earlier uploads is copied into the database at start.
      STORAGE_DIR: `./data/e2e-storage-${RUN_ID}${suffix}`,
      // No scheduled backups of a test database (their dashboard warning is what the specs see).
      BACKUP_INTERVAL: 'off',
      BACKUP_DIR: `./data/e2e-backups-${RUN_ID}${suffix}`,
      // The suite submits many forms from one address.
      FORM_RATE_LIMIT: process.env.FORM_RATE_LIMIT ?? '1000',
      // The first administrator's one-time setup link, known to the admin specs (tests/e2e/support/admin.ts).
      ADMIN_SETUP_TOKEN: 'e2e-admin-setup-token-0123456789abcdef',
      // tests/e2e/staff/staff-alerts.spec.ts listens there for the main server's e-mails (nobody
      // listens for the editor's: they are retried).
      SMTP_URL: `smtp://127.0.0.1:${port + 20_000}`,
      // The test mail server offers no TLS; it runs on this machine.
      SMTP_ALLOW_PLAIN_LOCAL: '1',
      ALERT_EMAILS: 'desk@clinic.test',
    },
  }
}

export default defineConfig({
  testDir: './tests/e2e',
  // Only specs: tests/e2e/support/*.test.ts are unit tests of the helpers (Vitest).
  testMatch: '**/*.spec.ts',
  testIgnore: ON_POSTGRESQL_IGNORED,
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
    // Recording a trace of every test (screenshots and snapshots at each step) took a sixth of the
    // run's processor time; a failing test is run again with --trace on.
    trace: 'off',
    // Only the specs of offline use need the service worker (test.use({ serviceWorkers: 'allow' })):
    // elsewhere its install in every new browser context only costs time.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless build of its Chromium (package chromium-headless-shell, the same source
      // and version): a third of the full browser's processor time a page (docs/decisions/046-headless-shell.md).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
  },
  projects: [
    // The site editor specs (tagged @site-editor) change what every public page shows (texts, theme,
    // layout, phone): they run on a server of their own, so no other spec sees the site while it is
    // edited, and one at a time, so no two of them save the same document over each other (a 409
    // conflict). First in the list, so that their one worker starts at once and the others share
    // the rest, rather than running alone at the end.
    {
      name: 'editor',
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${EDITOR_PORT}` },
      grep: /@site-editor/,
      workers: 1,
    },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      grepInvert: /@site-editor/,
      testIgnore: [...ON_POSTGRESQL_IGNORED, ...PROCESS_SPECS],
    },
    { name: 'processes', use: { ...devices['Desktop Chrome'] }, testMatch: PROCESS_SPECS, testIgnore: ON_POSTGRESQL_IGNORED },
  ],
  // The main server, and the site editor specs' own (see projects).
  webServer: [server(PORT, ''), server(EDITOR_PORT, '-editor')],
})
