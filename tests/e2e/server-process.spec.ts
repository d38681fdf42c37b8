import { existsSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import {
  freePort,
  startServer,
  temporaryDataDir,
  tryConnect,
  waitForOutput,
  waitUntilHealthy,
  within,
  type ServerProcess,
} from './support/server-process'

// Each test runs its own server process (the production build) with its own port and data folder.
test.describe.configure({ mode: 'default' })
test.setTimeout(90_000)

const started: ServerProcess[] = []
const folders: string[] = []
function dataDir(): string {
  const folder = temporaryDataDir()
  folders.push(folder)
  return folder
}
async function server(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const launched = startServer(env, await freePort())
  started.push(launched)
  return launched
}

test.afterEach(async () => {
  for (const { child, exited } of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
      await exited
    }
  }
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

test('SIGTERM: the open request completes, new connections are refused, the database is closed, exit 0', async () => {
  const DATA_DIR = dataDir()
  const app = await server({ DATA_DIR })
  await waitUntilHealthy(app)
  expect(existsSync(path.join(DATA_DIR, 'pglite.lock')), 'the embedded database holds its lock while running').toBe(true)

  // A request whose body arrives slowly: the language switcher's form, half sent.
  const body = 'lang=fa&redirectTo=%2Fclinic'
  const socket = connect(app.port, '127.0.0.1')
  await new Promise<void>((resolve) => socket.once('connect', resolve))
  let answer = ''
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  socket.write(
    [
      'POST /set-language HTTP/1.1',
      `Host: 127.0.0.1:${app.port}`,
      `Origin: http://127.0.0.1:${app.port}`,
      'Content-Type: application/x-www-form-urlencoded',
      `Content-Length: ${body.length}`,
      'Connection: close',
      '',
      body.slice(0, 7),
    ].join('\r\n'),
  )
  await new Promise((resolve) => setTimeout(resolve, 300))

  const signalled = Date.now()
  app.child.kill('SIGTERM')
  await waitForOutput(app, /SIGTERM/)
  expect(await tryConnect(app.port), 'a new connection during shutdown is refused').toBe('ECONNREFUSED')
  expect(app.child.exitCode, 'the server waits for the open request').toBeNull()

  socket.write(body.slice(7))
  await within(closed, 10_000, 'the open request')
  expect(answer).toMatch(/^HTTP\/1\.1 302 /)
  expect(answer).toMatch(/\r\nLocation: \/fa\/clinic\r\n/i)

  expect(await within(app.exited, 10_000 - (Date.now() - signalled), 'exiting after SIGTERM')).toBe(0)
  expect(existsSync(path.join(DATA_DIR, 'pglite.lock')), 'the database was closed and its lock removed').toBe(false)
})

test('a second server on the same data folder refuses to start, with a clear message', async () => {
  const DATA_DIR = dataDir()
  const first = await server({ DATA_DIR })
  await waitUntilHealthy(first)

  const second = await server({ DATA_DIR })
  expect(await within(second.exited, 30_000, 'the second server giving up')).not.toBe(0)
  expect(second.output()).toContain(`is in use by process ${first.child.pid}`)
  expect(second.output()).toMatch(/set DATA_DIR to another folder or DATABASE_URL/)
  expect(await tryConnect(second.port)).toBe('ECONNREFUSED')

  // The first one is unharmed.
  expect((await fetch(`http://127.0.0.1:${first.port}/healthz`)).status).toBe(200)
  first.child.kill('SIGTERM')
  expect(await within(first.exited, 10_000, 'exiting after SIGTERM')).toBe(0)
})

test('invalid configuration: a clear message and a non-zero exit, before listening', async () => {
  for (const [env, message] of [
    [{ PORT: 'eighty' }, /PORT: /],
    [{ DATABASE_URL: 'mysql://db.example/clinic' }, /DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//],
    [{ PUBLIC_URL: 'clinic.example' }, /PUBLIC_URL: /],
  ] as const) {
    const app = await server({ DATA_DIR: dataDir(), ...env })
    const code = await within(app.exited, 30_000, `the server with ${JSON.stringify(env)} giving up`)
    expect(code, JSON.stringify(env)).not.toBe(0)
    expect(app.output()).toContain('Invalid environment configuration')
    expect(app.output()).toMatch(message)
    expect(app.output()).not.toMatch(/Listening on/)
  }
})
