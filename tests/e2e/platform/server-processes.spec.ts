import { expect, test } from '../support/own-servers'
import pg from 'pg'
import { childProcesses, waitForOutput, waitUntilHealthy, within } from '../support/server-process'

// WEB_CONCURRENCY: several server processes on one port with PostgreSQL; one with the embedded database.
test.describe.configure({ mode: 'default' })

/** The server processes the primary runs (its child processes). */
function childrenOf(pid: number): number[] {
  return childProcesses(pid).map((child) => child.pid)
}

async function eventually(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const serverUrl = process.env.TEST_DATABASE_URL

/** The first administrator's setup link the server printed (its address on this server), or null. */
function printedSetupLinks(output: string, port: number): string[] {
  return [...output.matchAll(/\/admin\/setup\?token=([\w-]+)/g)].map((match) => `http://127.0.0.1:${port}/admin/setup?token=${match[1]}`)
}

test('WEB_CONCURRENCY=2 on PostgreSQL: two processes share the port, one that dies is replaced, SIGTERM stops them all', async ({
  ownServers,
}) => {
  test.skip(!serverUrl, 'needs TEST_DATABASE_URL (a PostgreSQL server)')
  const name = `e2e_processes_${process.pid}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${name}`)
  await admin.query(`create database ${name}`)
  const url = new URL(serverUrl!)
  url.pathname = `/${name}`
  try {
    const app = await ownServers.start({ DATABASE_URL: url.toString(), WEB_CONCURRENCY: '2', ADMIN_SETUP_TOKEN: undefined })
    await waitUntilHealthy(app)
    await waitForOutput(app, /2 server processes share the port/)
    await eventually(() => childrenOf(app.child.pid!).length === 2, 'two server processes')
    // One setup announcement and one set of sweeps, not one per process.
    expect(app.output().match(/Database: PostgreSQL server/g)).toHaveLength(1)

    const pages = await Promise.all(Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${app.port}/clinic`)))
    expect(pages.map((page) => page.status)).toEqual(Array(20).fill(200))

    // The first administrator's link, printed once, opens its form.
    const [link] = printedSetupLinks(app.output(), app.port)
    expect(printedSetupLinks(app.output(), app.port)).toHaveLength(1)
    expect((await fetch(link!)).status).toBe(200)

    // Each process dies in turn and is replaced: the one that printed the link among them.
    for (const [round, victim] of childrenOf(app.child.pid!).entries()) {
      process.kill(victim, 'SIGKILL')
      await eventually(() => (app.output().match(/Server process \d stopped unexpectedly/g) ?? []).length === round + 1, 'the exit noticed')
      await eventually(() => {
        const now = childrenOf(app.child.pid!)
        return now.length === 2 && !now.includes(victim)
      }, 'the replacement process')
      await eventually(() => (app.output().match(/Listening on/g) ?? []).length === 3 + round, 'the replacement listening')
    }
    // No new link: the first one still opens the form, whichever process serves it.
    expect(printedSetupLinks(app.output(), app.port)).toEqual([link])
    expect(app.output()).toContain("The setup link printed earlier in this server's log stays valid until")
    const opened = await Promise.all(Array.from({ length: 6 }, () => fetch(link!)))
    expect(opened.map((page) => page.status)).toEqual(Array(6).fill(200))

    app.child.kill('SIGTERM')
    expect(await within(app.exited, 15_000, 'exiting after SIGTERM')).toBe(0)
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
})

test('WEB_CONCURRENCY with the embedded database: one process, and the server says why', async ({ ownServers }) => {
  const app = await ownServers.start({ DATA_DIR: ownServers.dataDir(), WEB_CONCURRENCY: '3' })
  await waitUntilHealthy(app)
  expect(app.output()).toContain('the embedded database serves one process only: running one')
  expect(childrenOf(app.child.pid!)).toEqual([])
  app.child.kill('SIGTERM')
  expect(await within(app.exited, 15_000, 'exiting after SIGTERM')).toBe(0)
})

test('an unreadable WEB_CONCURRENCY: a clear message and a non-zero exit', async ({ ownServers }) => {
  const app = await ownServers.start({ DATA_DIR: ownServers.dataDir(), WEB_CONCURRENCY: 'many' })
  expect(await within(app.exited, 15_000, 'giving up')).not.toBe(0)
  expect(app.output()).toContain('WEB_CONCURRENCY must be a whole number from 1 to 64')
})
