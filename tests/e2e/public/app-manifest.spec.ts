import { expect, test } from '../support/test'
import { messagesFor } from '~/locales'
import { untilKept } from './offline-support'
import { waitForHydration } from '../support/page'

// One of these tests opens a page offline from the service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' })

// Installable: a web app manifest per language and site (docs/decisions/022-offline.md).

const CASES = [
  { page: '/clinic', manifest: '/manifest.webmanifest', lang: 'en', dir: 'ltr', start: '/clinic', locale: 'en', site: 'clinic' },
  {
    page: '/fa/clinic',
    manifest: '/fa/manifest.webmanifest',
    lang: 'fa-AF',
    dir: 'rtl',
    start: '/fa/clinic',
    locale: 'fa',
    site: 'clinic',
  },
  {
    page: '/ps/academy/courses',
    manifest: '/ps/manifest.webmanifest?site=academy',
    lang: 'ps-AF',
    dir: 'rtl',
    start: '/ps/academy',
    locale: 'ps',
    site: 'academy',
  },
] as const

/** Width and height of a PNG, from its header. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

for (const expected of CASES) {
  test(`${expected.page} links the manifest of its language, with its start page, direction, colour and icons`, async ({ page }) => {
    await page.goto(expected.page)
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', expected.manifest)
    const themeColor = await page.locator('meta[name="theme-color"]').getAttribute('content')

    const response = await page.request.get(expected.manifest)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('application/manifest+json')
    const manifest = await response.json()
    const names = messagesFor(expected.locale).offline.app
    expect(manifest).toMatchObject({
      lang: expected.lang,
      dir: expected.dir,
      start_url: expected.start,
      id: expected.start,
      display: 'standalone',
      theme_color: themeColor,
      short_name: expected.site === 'clinic' ? names.clinicShortName : names.academyShortName,
    })
    expect(manifest.name.length).toBeGreaterThan(0)

    const purposes = new Set<string>()
    for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
      purposes.add(icon.purpose)
      const answer = await page.request.get(icon.src)
      expect(answer.status(), icon.src).toBe(200)
      expect(answer.headers()['content-type']).toBe('image/png')
      expect(answer.headers()['cache-control']).toContain('immutable')
      const { width, height } = pngSize(await answer.body())
      expect(`${width}x${height}`).toBe(icon.sizes)
    }
    expect([...purposes].sort()).toEqual(['any', 'maskable'])
  })
}

test('Chromium finds /fa/clinic installable, and the installed app opens the Dari clinic', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/fa/clinic')
  await untilKept(page, ['/fa/clinic', '/fa/offline'])
  await page.reload()
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1)
  const cdp = await context.newCDPSession(page)
  const appManifest = async () => (await cdp.send('Page.getAppManifest')) as { url: string; data: string }
  await expect.poll(async () => (await appManifest()).url).toContain('/fa/manifest.webmanifest')
  const { url, data } = await appManifest()
  expect(new URL(url).pathname).toBe('/fa/manifest.webmanifest')
  const manifest = JSON.parse(data)
  // Every reason Chromium has not to offer the install, but the test browser's private window.
  const problems = async () =>
    ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors
      .map((error) => error.errorId)
      .filter((id) => id !== 'in-incognito')
  await expect.poll(problems).toEqual([])

  await page.goto(manifest.start_url)
  await expect(page).toHaveURL(/\/fa\/clinic$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fa-AF')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await context.close()
})

test('the manifest is linked once the page is interactive, not in the first HTML, and follows the language and site', async ({ page }) => {
  // Chromium fetches the manifest and its icon as soon as it sees the link: in the first HTML they
  // would share a slow connection with the page's fonts and scripts.
  const html = await (await page.request.get('/fa/clinic')).text()
  expect(html).not.toContain('rel="manifest"')
  await page.goto('/fa/clinic')
  await waitForHydration(page)
  await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute('href', '/fa/manifest.webmanifest')
  // To the academy in the page, by the site switch: the link follows, and stays one.
  const { common } = messagesFor('fa')
  await page.getByRole('banner').locator('summary', { hasText: common.siteSwitch.clinic }).click()
  await page.getByRole('banner').getByRole('link', { name: common.siteSwitch.academy }).click()
  await expect(page).toHaveURL(/\/fa\/academy$/)
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1)
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/fa/manifest.webmanifest?site=academy')
})

test('a staff page links no manifest, and an unknown icon is not found', async ({ page }) => {
  await page.goto('/admin/login')
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0)
  expect((await page.request.get('/app-icon/clinic-any-100.png')).status()).toBe(404)
})
