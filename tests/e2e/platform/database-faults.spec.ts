import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '../support/own-servers'
import pg from 'pg'
import { freePort, killServer, tryConnect, waitForOutput, waitUntilHealthy, within, type ServerProcess } from '../support/server-process'
import { kabulDay } from '../support/solar-date'

// The production server under database faults: the embedded database's folder lock after a crash
// and at a simultaneous start, and a PostgreSQL server of the test's own that is stopped, started
// and has its connections ended under a running server. Each test starts its own servers.
test.describe.configure({ mode: 'default' })

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const parents: ChildProcess[] = []

/** The environment startServer gives the production server. */
function serverEnvironment(env: Record<string, string>): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', ...env }
  delete environment.DATABASE_URL
  return environment
}

/** The process's state letter from /proc ('Z' for a zombie), or null when it is gone. */
function processState(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0] ?? null
  } catch {
    return null
  }
}

test.afterEach(() => {
  for (const parent of parents.splice(0)) if (parent.exitCode === null) parent.kill('SIGKILL')
})

test.describe('the embedded database folder', () => {
  test('kill -9, then an immediate restart on the same folder starts, while the killed one is still a zombie (three times)', async ({
    ownServers,
  }) => {
    const DATA_DIR = ownServers.dataDir()
    for (let round = 1; round <= 3; round++) {
      // The server runs under a parent that never collects it, as under a shell or a process
      // manager that has not got round to it: after kill -9 it stays in the process table.
      const port = await freePort()
      const parent = spawn('sh', ['-c', `"${process.execPath}" server.js & echo $!; exec sleep 600`], {
        cwd: ROOT,
        env: serverEnvironment({ DATA_DIR, PORT: String(port) }),
        stdio: ['ignore', 'pipe', 'ignore'],
      })
      parents.push(parent)
      const pid = await new Promise<number>((resolve) =>
        parent.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
      )
      await until(`round ${round}: the first server`, async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200, 90_000)
      process.kill(pid, 'SIGKILL')
      await until(`round ${round}: the killed server is a zombie`, async () => processState(pid) === 'Z', 5_000)

      const restarted = await ownServers.start({ DATA_DIR })
      await waitUntilHealthy(restarted)
      expect(restarted.output(), `round ${round}`).not.toMatch(/in use by/)
      expect((await fetch(`http://127.0.0.1:${restarted.port}/clinic`)).status, `round ${round}`).toBe(200)
      await killServer(restarted)
      parent.kill('SIGKILL')
    }
  })

  test('two servers started at the same instant on one folder: exactly one serves, the other says why', async ({ ownServers }) => {
    const DATA_DIR = ownServers.dataDir()
    const [a, b] = await Promise.all([ownServers.start({ DATA_DIR }), ownServers.start({ DATA_DIR })])
    // The one that loses gives up at once; the other one serves.
    const loser = await within(Promise.race([a.exited.then(() => a), b.exited.then(() => b)]), 90_000, 'one of the two servers giving up')
    const winner = loser === a ? b : a
    expect(await loser.exited).not.toBe(0)
    expect(loser.output()).toContain(`is in use by process ${winner.child.pid}`)
    expect(loser.output()).toMatch(/set DATA_DIR to another folder or DATABASE_URL/)
    await waitUntilHealthy(winner)
    expect(await tryConnect(loser.port)).toBe('ECONNREFUSED')
    expect((await fetch(`http://127.0.0.1:${winner.port}/clinic`)).status).toBe(200)
  })
})

/** A PostgreSQL cluster of this test only, in a temporary folder, on its own port. */
class PrivateCluster {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'kabul-dental-pg-'))
  readonly port: number
  constructor(port: number) {
    this.port = port
    chownSync(this.dir, postgresUid(), postgresUid())
    chmodSync(this.dir, 0o700)
    asPostgres('initdb', ['-D', this.dir, '-A', 'trust', '-U', 'postgres', '--no-sync'])
  }
  start(): void {
    asPostgres('pg_ctl', ['-D', this.dir, '-o', `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1`, '-w', '-t', '60', 'start'])
  }
  /** Fast shutdown: every connection is ended (57P01), as in a restart of the server. */
  stop(): void {
    asPostgres('pg_ctl', ['-D', this.dir, '-m', 'fast', '-w', '-t', '60', 'stop'])
  }
  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`
  }
  async query(database: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
    const client = new pg.Client({ connectionString: this.url(database) })
    await client.connect()
    try {
      return await client.query(text, values)
    } finally {
      await client.end()
    }
  }
  remove(): void {
    try {
      this.stop()
    } catch {
      // Not running.
    }
    rmSync(this.dir, { recursive: true, force: true })
  }
}

function postgresUid(): number {
  return Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
}
function asPostgres(command: string, args: string[]): void {
  execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'ignore', timeout: 90_000 })
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`)
}

const health = (app: ServerProcess) => fetch(`http://127.0.0.1:${app.port}/healthz`).then((response) => response.status)

test.describe('a PostgreSQL server that goes away and comes back', () => {
  test.skip(process.getuid?.() !== 0, 'creating a private PostgreSQL cluster needs root (runuser -u postgres)')

  test('the server stays up, pages keep answering, forms keep their values, and everything recovers alone', async ({
    browser,
    ownServers,
  }) => {
    const cluster = new PrivateCluster(await freePort())
    try {
      cluster.start()
      await cluster.query('postgres', 'create database clinic')
      const DATABASE_URL = cluster.url('clinic')

      // A first start creates the tables; staff, a session and rows due to be swept are added.
      const first = await ownServers.start({ DATABASE_URL })
      await waitUntilHealthy(first)
      first.child.kill('SIGTERM')
      expect(await within(first.exited, 15_000, 'the first server stopping')).toBe(0)
      const token = randomBytes(32).toString('hex')
      const staffId = (
        await cluster.query(
          'clinic',
          `insert into staff (username, password_hash, display_name, role) values ('admin', 'x', 'Admin', 'admin') returning id`,
        )
      ).rows[0].id as number
      await cluster.query('clinic', `insert into sessions (token_hash, staff_id, expires_at) values ($1, $2, now() + interval '2 hours')`, [
        createHash('sha256').update(token).digest('hex'),
        staffId,
      ])
      await cluster.query(
        'clinic',
        `insert into sessions (token_hash, staff_id, expires_at) values ('expired', $1, now() - interval '1 minute')`,
        [staffId],
      )
      await cluster.query(
        'clinic',
        `insert into login_failures (scope, key_hash, failures, last_failure_at) values ('address', 'old', 9, now() - interval '3 days')`,
      )
      await cluster.query(
        'clinic',
        `insert into rate_limits (bucket, key_hash, window_start, hits) values ('public-form', 'old', now() - interval '3 days', 5)`,
      )

      // Start-up while the database is down: it says so and keeps trying; it serves once the database is back.
      cluster.stop()
      const app = await ownServers.start({ DATABASE_URL })
      await waitForOutput(app, /PostgreSQL server is not reachable \(ECONNREFUSED\); trying again/, 20_000)
      cluster.start()
      await waitUntilHealthy(app)
      const base = `http://127.0.0.1:${app.port}`

      // The sweeps run from start: the expired session, the old failure and the old counter are gone.
      await until('the start-up sweep', async () => {
        const left = await cluster.query(
          'clinic',
          `select (select count(*) from sessions where token_hash = 'expired') + (select count(*) from login_failures) + (select count(*) from rate_limits) as n`,
        )
        return Number(left.rows[0].n) === 0
      })
      expect((await cluster.query('clinic', 'select count(*)::int as n from sessions')).rows[0].n, 'the live session stays').toBe(1)

      // Nothing was read yet, and the database goes away: a friendly page in the visitor's language.
      cluster.stop()
      for (const [pathname, lang, title] of [
        ['/fa/clinic', 'fa', 'چند دقیقه بعد دوباره در خدمت شما هستیم'],
        ['/ps/academy', 'ps', 'یو څو دقیقې وروسته بېرته ستاسو په خدمت کې یو'],
        ['/clinic', 'en', 'Back in a few minutes'],
      ] as const) {
        const response = await fetch(base + pathname)
        expect(response.status, pathname).toBe(503)
        expect(response.headers.get('retry-after'), pathname).toMatch(/^\d+$/)
        const html = await response.text()
        expect(html).toContain(`<html lang="${lang === 'en' ? 'en' : lang === 'fa' ? 'fa-AF' : 'ps-AF'}"`)
        expect(html).toContain(title)
      }
      expect(await health(app)).toBe(503)
      // Staff pages: a clear 503, never a stack.
      const staffPage = await fetch(`${base}/admin/dashboard`, { headers: { cookie: `staff_session=${token}`, accept: 'text/html' } })
      expect(staffPage.status).toBe(503)
      expect(staffPage.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(await staffPage.text()).not.toMatch(/at .*\.js:\d+/)

      // Back: everything answers again by itself, the staff page too.
      cluster.start()
      await until('/healthz after the restart', async () => (await health(app)) === 200)
      const clinic = await fetch(`${base}/clinic`)
      expect(clinic.status).toBe(200)
      expect((await fetch(`${base}/admin/dashboard`, { headers: { cookie: `staff_session=${token}`, accept: 'text/html' } })).status).toBe(
        200,
      )

      // An administrator ends every connection: the process survives and the next request succeeds.
      await cluster.query(
        'postgres',
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = 'clinic' and pid <> pg_backend_pid()`,
      )
      expect((await fetch(`${base}/clinic/appointment`)).status).toBe(200)
      expect(app.child.exitCode).toBeNull()

      // Down again, after pages were read: public pages answer from the last published site, and a
      // form sent without JavaScript comes back with every value and the notice.
      const name = `Faults ${randomBytes(3).toString('hex')}`
      const { context, page, form } = await (async () => {
        const opened = await browser.newContext({ javaScriptEnabled: false, baseURL: base })
        const tab = await opened.newPage()
        await tab.goto('/clinic/appointment')
        return { context: opened, page: tab, form: tab.locator('form:has(input[name="token"])') }
      })()
      cluster.stop()
      expect(await health(app)).toBe(503)
      const cached = await fetch(`${base}/fa/clinic`)
      expect(cached.status).toBe(200)
      expect(await cached.text()).toContain('lang="fa-AF"')
      const staffDown = await fetch(`${base}/admin/dashboard`, { headers: { cookie: `staff_session=${token}`, accept: 'text/html' } })
      expect(staffDown.status).toBe(503)
      const staffHtml = await staffDown.text()
      expect(staffHtml).toContain('Temporarily unavailable')
      expect(staffHtml).toContain('The database cannot be reached right now.')
      expect(staffHtml).not.toMatch(/at .*\.js:\d+/)
      const login = await fetch(`${base}/admin/login`, { headers: { accept: 'text/html' } })
      expect(login.status).toBe(503)
      expect(await login.text()).toContain('Back in a few minutes')
      const setup = await fetch(`${base}/admin/setup?token=${'a'.repeat(40)}`, { headers: { accept: 'text/html' } })
      expect(setup.status).toBe(503)
      const logout = await fetch(`${base}/admin/logout`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          origin: base,
          cookie: `staff_session=${token}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'text/html',
        },
        body: '',
      })
      expect(logout.status).toBe(503)
      await form.getByLabel('Full Name').fill(name)
      await form.getByLabel('Phone Number').fill('0701234567')
      await form.getByLabel('Preferred Date').fill(kabulDay(5))
      const [posted] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        form.getByRole('button', { name: 'Request Appointment' }).click(),
      ])
      expect(posted.status()).toBe(503)
      await expect(page.getByText('Submission Error')).toBeVisible()
      await expect(page.getByText('Could not save your appointment. Please try again.')).toBeVisible()
      await expect(form.getByLabel('Full Name')).toHaveValue(name)
      await expect(form.getByLabel('Phone Number')).toHaveValue('0701234567')
      await expect(form.getByLabel('Preferred Date')).toHaveValue(kabulDay(5))

      // The database returns: the same form, sent again, is saved once.
      cluster.start()
      await until('/healthz after the second restart', async () => (await health(app)) === 200)
      const [saved] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        form.getByRole('button', { name: 'Request Appointment' }).click(),
      ])
      expect(saved.status()).toBe(200)
      await expect(page.getByText('Appointment Request Sent!')).toBeVisible()
      expect((await cluster.query('clinic', 'select count(*)::int as n from appointments where name = $1', [name])).rows[0].n).toBe(1)
      await context.close()

      expect(app.child.exitCode, 'the server never stopped').toBeNull()
      expect(app.output()).not.toMatch(/Unhandled 'error' event/)
      app.child.kill('SIGTERM')
      expect(await within(app.exited, 15_000, 'exiting after SIGTERM')).toBe(0)
    } finally {
      cluster.remove()
    }
  })
})
