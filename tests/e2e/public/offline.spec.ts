import { expect, test } from '../support/test'
import { isDataPath } from '~/lib/platform/data-requests'
import { messagesFor } from '~/locales'
import { keptUrls, untilKept } from './offline-support'

// The service worker is this spec's subject (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' })

// The service worker keeps the public pages a visitor opened (docs/decisions/022-offline.md).
// Each test has a context of its own: its own worker and Cache Storage.

test('a page opened once opens offline, with the line saying it is the saved copy', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/fa/clinic/about')
  const heading = await page.locator('h1').first().innerText()
  await untilKept(page, ['/fa/clinic/about', '/fa/offline'])
  const line = page.getByRole('status').filter({ hasText: 'به انترنت وصل نیستید' })
  await expect(line).toBeHidden()

  await context.setOffline(true)
  await page.goto('/fa/clinic/about')
  await expect(page.locator('h1').first()).toHaveText(heading)
  await expect(line).toBeVisible()

  // A link followed inside the site to a page whose data was never kept: the whole page is asked
  // for, and the worker answers with the offline page.
  await page.locator('a[href="/fa/clinic/contact"]').first().click()
  await expect(page).toHaveURL(/\/fa\/clinic\/contact$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('به انترنت وصل نیستید')
  await context.close()
})

test('a page never opened shows the offline page of its language, with the phone of the published settings', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/ps/clinic/contact')
  const phoneLink = await page.locator('main a[href^="tel:"]').first().getAttribute('href')
  expect(phoneLink).toMatch(/^tel:\+\d+$/)
  await untilKept(page, ['/ps/clinic/contact', '/ps/offline'])

  await context.setOffline(true)
  await page.goto('/ps/clinic/team')
  await expect(page).toHaveURL(/\/ps\/clinic\/team$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'ps-AF')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تاسو له انټرنېټ سره وصل نه یاست')
  await expect(page.locator(`a[href="${phoneLink}"]`).first()).toBeVisible()
  await expect(page.locator('a[href^="https://wa.me/"]').first()).toBeVisible()
  await expect(page.locator('svg[role="img"]')).toBeVisible()

  await context.close()
})

test('a page whose navigation was on its way while the worker took over is kept too', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  // The worker's script is held until the next page is asked for, and that page's answer until the
  // worker is active: the browser fetched it without the worker, and it opens once the worker has
  // taken over the page before it.
  let workerScriptAskedFor!: () => void
  let nextPageAskedFor!: () => void
  const workerScriptRequested = new Promise<void>((resolve) => (workerScriptAskedFor = resolve))
  const nextPageRequested = new Promise<void>((resolve) => (nextPageAskedFor = resolve))
  await context.route('**/sw.js', async (route) => {
    workerScriptAskedFor()
    await nextPageRequested
    await route.continue()
  })
  await context.route('**/clinic/team', async (route) => {
    nextPageAskedFor()
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
    await expect
      .poll(
        () => worker.evaluate(() => (self as unknown as { registration: ServiceWorkerRegistration }).registration.active?.state ?? null),
        { timeout: 90_000 },
      )
      .toBe('activated')
    await route.continue()
  })
  await page.goto('/clinic/about')
  await workerScriptRequested
  await page.goto('/clinic/team')
  await untilKept(page, ['/clinic/team'])
  await context.close()
})

/** What the test reads of React Router's manifest in the page (`window.__reactRouterManifest`). */
interface RouterManifest {
  routes: Record<string, { module: string; clientActionModule?: string; imports?: string[] }>
}

test("a form page's scripts are precached, the clientAction React Router loads apart from the page's module among them", async ({
  browser,
}) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  for (const [path, routeId] of [
    ['/clinic/appointment', 'routes/clinic/appointment'],
    ['/academy/register', 'routes/academy/register'],
  ] as const) {
    await page.goto(path)
    await untilKept(page, [path])
    const { clientAction, missing } = await page.evaluate(async (id) => {
      const { routes } = (window as unknown as { __reactRouterManifest: RouterManifest }).__reactRouterManifest
      const route = routes[id]!
      const scripts = [route.module, route.clientActionModule ?? '', ...(route.imports ?? [])].filter(Boolean)
      const kept = await Promise.all(scripts.map(async (url) => Boolean(await caches.match(url, { ignoreSearch: true }))))
      return { clientAction: route.clientActionModule, missing: scripts.filter((_, index) => !kept[index]) }
    }, routeId)
    expect(clientAction, `${path}: its clientAction is a module of its own`).toMatch(/^\/assets\/[\w-]+-client-action-[\w-]+\.js$/)
    expect(missing, `${path}: scripts not in the precache`).toEqual([])
  }
  await context.close()
})

test('no staff address, export or form answer is ever in Cache Storage', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/clinic')
  await untilKept(page, ['/clinic', '/offline'])
  // Controlled by the worker now: a staff page, an export and a data request go past it.
  await page.goto('/admin/login')
  await page.goto('/clinic/appointment')
  const response = await page.request.get('/admin/patients/export')
  expect(response.status()).toBeGreaterThanOrEqual(300)
  const urls = await keptUrls(page)
  expect(urls).toContain('/clinic')
  expect(urls.filter((url) => /^\/admin|export|\?/.test(url) || isDataPath(url) || /staff/.test(url))).toEqual([])
  await context.close()
})

for (const [lang, path] of [
  ['en', '/clinic'],
  ['fa', '/fa/clinic'],
  ['ps', '/ps/clinic'],
] as const) {
  test(`${lang}: offline, the floating WhatsApp and chat buttons stay visible and usable above the offline line at 320 to 430 px`, async ({
    browser,
  }) => {
    const m = messagesFor(lang)
    const context = await browser.newContext({ viewport: { width: 430, height: 740 } })
    const page = await context.newPage()
    await page.goto(path)
    await untilKept(page, [path, lang === 'en' ? '/offline' : `/${lang}/offline`])
    await context.setOffline(true)
    await page.goto(path)
    const line = page.getByRole('status').filter({ hasText: m.offline.title })
    await expect(line).toBeVisible()
    const whatsapp = page.getByRole('link', { name: m.common.social.whatsappFloating })
    const chat = page.getByRole('button', { name: m.chat.button })

    for (const width of [320, 375, 430]) {
      await page.setViewportSize({ width, height: 740 })
      const bar = (await line.boundingBox())!
      for (const button of [whatsapp, chat]) {
        await expect(button).toBeInViewport({ ratio: 1 })
        const box = (await button.boundingBox())!
        expect(box.y + box.height, `${width} px: the button ends above the offline line`).toBeLessThanOrEqual(bar.y)
        // What a tap at its middle reaches is the button itself.
        const reached = await button.evaluate((element) => {
          const rect = element.getBoundingClientRect()
          const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2)
          return Boolean(hit && element.contains(hit))
        })
        expect(reached, `${width} px: the button takes the tap`).toBe(true)
      }
    }

    // Usable: the chat opens above the line, and the WhatsApp button links to the clinic's number.
    await chat.click()
    const panel = page.getByRole('dialog', { name: m.chat.title })
    await expect(panel).toBeVisible()
    const panelBox = (await panel.boundingBox())!
    expect(panelBox.y + panelBox.height).toBeLessThanOrEqual((await line.boundingBox())!.y)
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+/)
    await context.close()
  })
}
