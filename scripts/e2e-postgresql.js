// The end-to-end suite with the server on a PostgreSQL server (a fresh database e2e_<pid> on it).
// Usage: npm run test:e2e:postgresql [-- playwright arguments]
// The server is E2E_DATABASE_URL, else TEST_DATABASE_URL, else the machine's own (postgres@127.0.0.1:5432/test).
// `--ci` runs only the specs CI repeats on PostgreSQL (CI_POSTGRESQL_SPECS, docs/decisions/029-ci-budget.md).
import { spawnSync } from 'node:child_process'

/** The specs whose subject is the data as both kinds of database keep it, and the one only a server can run. */
const CI_POSTGRESQL_SPECS = ['tests/e2e/forms/', 'tests/e2e/staff/desk-appointments.spec.ts', 'tests/e2e/platform/two-servers.spec.ts']

const args = process.argv.slice(2)
const ci = args.includes('--ci')
const rest = args.filter((arg) => arg !== '--ci')
const server = process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const playwrightArgs = ci ? [...CI_POSTGRESQL_SPECS, ...rest] : rest
const run = spawnSync('npx', ['playwright', 'test', ...playwrightArgs], {
  stdio: 'inherit',
  env: { ...process.env, E2E_DATABASE_URL: server },
})
process.exit(run.status ?? 1)
