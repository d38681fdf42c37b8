import { rmSync } from 'node:fs'
import { expect, test, type Page } from '../support/test'
import { ADMIN, SETUP_TOKEN, ensureFirstAdmin, signIn } from '../support/admin'
import { startServer, stopServer, temporaryDataDir, waitUntilHealthy, type ServerProcess } from '../support/server-process'
import { untilKept } from './offline-support'

// The service worker is this spec's subject (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' })

// The service worker against servers of its own: a publish the visitor must see, and the switch
// that turns the worker off (SERVICE_WORKER). Both servers use one port, so that the browser sees
// one site, and one data folder, one after the other.
test.describe.configure({ mode: 'serial' })

const PORT = Number(process.env.E2E_PORT ?? 3210) + 1
const baseURL = `http://127.0.0.1:${PORT}`
const dataDir = temporaryDataDir()
const storageDir = temporaryDataDir()
let server: ServerProcess | undefined

async function start(serviceWorker: 'on' | 'off') {
  server = startServer(
    { DATA_DIR: dataDir, STORAGE_DIR: storageDir, ADMIN_SETUP_TOKEN: SETUP_TOKEN, FORM_RATE_LIMIT: '1000', SERVICE_WORKER: serviceWorker },
    PORT,
  )
  await waitUntilHealthy(server)
}

async function stop() {
  if (server) await stopServer(server)
}

test.beforeAll(async () => start('on'))
test.afterAll(async () => {
  await stop()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(storageDir, { recursive: true, force: true })
})

async function setPhone(page: Page, phone: string) {
  await page.goto('/admin/settings')
  await page.getByLabel('Primary Phone Number').fill(phone)
  await page.getByRole('button', { name: 'Save All Settings' }).click()
  await expect(page.locator('[role=status]').filter({ hasText: 'Global settings saved.' }).first()).toBeVisible()
}

test('after a publish, the next online navigation shows it, and the offline page has the new phone', async ({ browser, playwright }) => {
  const request = await playwright.request.newContext({ baseURL })
  await ensureFirstAdmin(request, baseURL)
  await request.dispose()
  const visitor = await browser.newContext({ baseURL })
  const page = await visitor.newPage()
  await page.goto('/fa/clinic/contact')
  await expect(page.locator('main a[href="tel:+93700000000"]').first()).toBeVisible()
  await untilKept(page, ['/fa/clinic/contact', '/fa/offline'])

  const staff = await browser.newContext({ baseURL })
  const admin = await staff.newPage()
  await signIn(admin, ADMIN)
  await setPhone(admin, '0799 123 456')

  // The kept page is not what the visitor gets while online.
  await page.goto('/fa/clinic/contact')
  await expect(page.locator('main a[href="tel:+93799123456"]').first()).toBeVisible()
  // That full load refreshed the kept offline page: a page never opened shows the new phone offline.
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.match('/fa/offline', { ignoreVary: true }))?.text()) ?? ''))
    .toContain('tel:+93799123456')
  await visitor.setOffline(true)
  await page.goto('/fa/clinic/services')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('به انترنت وصل نیستید')
  await expect(page.locator('a[href="tel:+93799123456"]').first()).toBeVisible()
  await expect(page.locator('a[href="tel:+93700000000"]')).toHaveCount(0)
  await visitor.setOffline(false)

  await setPhone(admin, '+93 70 000 0000')
  await staff.close()
  await visitor.close()
})

test('with SERVICE_WORKER=off, no worker is offered, and the one a browser has is removed on its next visit', async ({ browser }) => {
  const visitor = await browser.newContext({ baseURL })
  const page = await visitor.newPage()
  await page.goto('/clinic')
  await untilKept(page, ['/clinic', '/offline'])
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(1)

  await stop()
  await start('off')
  expect((await page.request.get('/sw.js')).status()).toBe(404)
  await page.goto('/clinic/about')
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0)

  // A new visitor never gets one (and /sw.js is not found besides).
  const fresh = await browser.newContext({ baseURL })
  const other = await fresh.newPage()
  await other.goto('/clinic')
  expect(await other.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0)
  await fresh.close()
  await visitor.close()
})
