import { randomBytes } from 'node:crypto'
import { readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import sharp from 'sharp'
import { request as playwrightRequest, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { ADMIN, ensureFirstAdmin, SETUP_TOKEN, signIn } from '../support/admin'
import { freePort, startServer, stopServer, temporaryDataDir, waitUntilHealthy, type ServerProcess } from '../support/server-process'
import { expect, test } from '../support/test'

// Two application servers that share nothing but one PostgreSQL database (each its own
// STORAGE_DIR and port) work as one site: uploads, publishes and the desk's live events.
test.describe.configure({ mode: 'serial' })

const serverUrl = process.env.E2E_DATABASE_URL
test.skip(!serverUrl, 'needs E2E_DATABASE_URL (a PostgreSQL server)')

/** How long a publish on one server may take to show on the other (the version stamp is read every 500 ms). */
const PUBLISH_DEADLINE_MS = 1_000

const databaseName = `e2e_two_servers_${process.pid}`
const storageDirs: string[] = []
const servers: ServerProcess[] = []
const contexts: BrowserContext[] = []
let a: string
let b: string

function databaseUrl(): string {
  const url = new URL(serverUrl!)
  url.pathname = `/${databaseName}`
  return url.toString()
}

async function onDatabaseServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

async function startApplicationServer(): Promise<string> {
  const storageDir = temporaryDataDir()
  storageDirs.push(storageDir)
  const server = startServer(
    { DATABASE_URL: databaseUrl(), STORAGE_DIR: storageDir, ADMIN_SETUP_TOKEN: SETUP_TOKEN, FORM_RATE_LIMIT: '1000' },
    await freePort(),
  )
  servers.push(server)
  await waitUntilHealthy(server)
  return `http://127.0.0.1:${server.port}`
}

test.beforeAll(async () => {
  await onDatabaseServer(`drop database if exists ${databaseName} with (force)`)
  await onDatabaseServer(`create database ${databaseName}`)
  // One after the other: the first applies the migrations, the second finds them applied.
  a = await startApplicationServer()
  b = await startApplicationServer()
  const api = await playwrightRequest.newContext({ baseURL: a })
  await ensureFirstAdmin(api, a)
  await api.dispose()
})

test.afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close()
  for (const server of servers.splice(0)) await stopServer(server)
  for (const folder of storageDirs.splice(0)) rmSync(folder, { recursive: true, force: true })
  if (serverUrl) await onDatabaseServer(`drop database if exists ${databaseName} with (force)`)
})

/** A signed-in administrator's page on one of the servers. */
async function staffPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  contexts.push(context)
  const page = await context.newPage()
  await signIn(page, ADMIN)
  return page
}

/** The addresses of the library's image files, as the media page on `page` lists them. */
async function libraryFiles(page: Page): Promise<string[]> {
  return [...new Set((await page.content()).match(/\/media\/[a-f0-9]{20}-\d+\.webp/g) ?? [])].sort()
}

test('an image uploaded through one server is served, byte for byte, by the other', async ({ browser }) => {
  const page = await staffPage(browser, a)
  await page.goto('/admin/media')
  expect(await libraryFiles(page)).toEqual([])
  const photo = await sharp({
    create: { width: 1400, height: 900, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg()
    .toBuffer()
  await page.getByLabel('Image file').setInputFiles({ name: 'reception.jpg', mimeType: 'image/jpeg', buffer: photo })
  await page.getByLabel('Description (English)').fill('Our reception')
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(page.getByText('Image uploaded.').first()).toBeVisible()
  await page.reload()

  const listed = await libraryFiles(page)
  expect(listed.length).toBeGreaterThan(0)
  // Its variants: 480 and 960 pixels wide, and its own width.
  const name = /\/media\/([a-f0-9]{20})-/.exec(listed[0]!)![1]!
  const files = [480, 960, 1400].map((width) => `/media/${name}-${width}.webp`)
  for (const file of files) {
    const fromA = await fetch(`${a}${file}`)
    const fromB = await fetch(`${b}${file}`)
    expect(fromA.status, `${file} on A`).toBe(200)
    expect(fromB.status, `${file} on B`).toBe(200)
    expect(fromB.headers.get('content-type')).toBe('image/webp')
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer())), `${file}: the same bytes`).toBe(true)
  }
  // Nothing went to either server's disk.
  for (const folder of storageDirs) expect(readdirSync(folder), path.basename(folder)).toEqual([])
})

test('a publish on one server shows on the other within a second', async ({ browser }) => {
  const page = await staffPage(browser, a)
  await page.goto('/admin/media')
  const [file] = await libraryFiles(page)
  const name = /\/media\/([a-f0-9]{20})-/.exec(file!)![1]!
  const clinicOnB = async () => (await (await fetch(`${b}/clinic`)).text()).includes(`/media/${name}-`)
  // B has served the page (and holds it) without the picture.
  expect(await clinicOnB()).toBe(false)

  const hero = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Clinic Hero Image' }) })
  await hero.getByLabel('Image for Clinic Hero Image').selectOption({ label: 'Image 1 (1400 × 900) – Our reception' })
  const published = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/admin/media'),
  )
  await hero.getByRole('button', { name: 'Use' }).click()
  expect((await published).status()).toBe(200)
  const publishedAt = Date.now()
  const deadline = publishedAt + PUBLISH_DEADLINE_MS

  // Polling B until the deadline: a page asked for before it must show the new picture.
  let shown = false
  while (!shown && Date.now() < deadline) shown = await clinicOnB()
  expect(shown, `the hero image on B within ${PUBLISH_DEADLINE_MS} ms of the publish on A`).toBe(true)
  test.info().annotations.push({ type: 'publish seen on B after', description: `${Date.now() - publishedAt} ms` })
  expect((await (await fetch(`${a}/clinic`)).text()).includes(`/media/${name}-`)).toBe(true)
})

test('a new appointment posted to one server reaches a desk signed in on the other, live', async ({ browser }) => {
  const desk = await staffPage(browser, b)
  const stream = desk.waitForResponse((response) => response.url().endsWith('/admin/events') && response.status() === 200)
  await desk.goto('/admin/patients')
  await stream
  await desk.evaluate(() => ((window as { kept?: string }).kept = 'same page'))

  const patient = `Two Servers ${randomBytes(4).toString('hex')}`
  const visitor = await browser.newContext({ baseURL: a, javaScriptEnabled: false })
  contexts.push(visitor)
  const form = await visitor.newPage()
  await form.goto('/clinic/appointment')
  await form.getByLabel('Full Name').fill(patient)
  await form.getByLabel('Phone Number').fill('0701234567')
  await form.getByLabel('Preferred Date').fill(new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10))
  await form.getByRole('button', { name: 'Request Appointment' }).click()
  await expect(form.getByText('✅ Appointment Request Sent!').first()).toBeVisible()

  // The list on B shows the new row by itself: B heard A's announcement through the database.
  await expect(desk.getByRole('link', { name: patient })).toBeVisible()
  expect(await desk.evaluate(() => (window as { kept?: string }).kept)).toBe('same page')
})
