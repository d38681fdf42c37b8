import { expect, test, type Page } from '../support/test'
import { accessibilityProblems } from '../support/axe'
import { messagesFor } from '~/locales'
import { dataPathOf } from '~/lib/platform/data-requests'
import { collectBrowserErrors, waitForHydration } from '../support/page'

// An English page opened from a shared link stays English (no redirect) and offers a visitor who
// prefers Dari or Pashto the same page in it, in that language (docs/product.md#languages).

const DARI = messagesFor('fa').common.languageNotice
const PASHTO = messagesFor('ps').common.languageNotice
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

const dariNotice = (page: Page) => page.getByRole('region', { name: DARI.label })
const pashtoNotice = (page: Page) => page.getByRole('region', { name: PASHTO.label })
/** Any notice, in either language. */
const anyNotice = (page: Page) => page.locator(`section[aria-label="${DARI.label}"], section[aria-label="${PASHTO.label}"]`)

test.describe('a visitor whose saved language is Dari', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'fa', url: baseURL! }])
  })

  test('opens an English deep link: it stays English and offers the same page in Dari, in Dari', async ({ page }) => {
    const errors = collectBrowserErrors(page)
    const response = await page.goto('/clinic/services')
    expect(response?.status()).toBe(200)
    expect(new URL(page.url()).pathname, 'no redirect').toBe('/clinic/services')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')

    const notice = dariNotice(page)
    await expect(notice).toBeVisible()
    await expect(notice).toHaveAttribute('lang', 'fa-AF')
    await expect(notice).toHaveAttribute('dir', 'rtl')
    await expect(notice).toContainText(DARI.text)
    await expect(notice).not.toHaveAttribute('role', /alert|status/)
    const link = notice.getByRole('link', { name: DARI.link })
    await expect(link).toHaveAttribute('href', '/fa/clinic/services')

    // Reached by keyboard right after the skip link.
    await waitForHydration(page)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(link).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/fa\/clinic\/services$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'fa-AF')
    await expect(anyNotice(page)).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('the page with the notice has no serious or critical accessibility violation', async ({ page }) => {
    await page.goto('/academy')
    await waitForHydration(page)
    await expect(dariNotice(page)).toBeVisible()
    expect(await accessibilityProblems(page)).toEqual([])
  })

  test('closes it with JavaScript at once, without a reload, and it stays away', async ({ page, context }) => {
    const errors = collectBrowserErrors(page)
    await page.goto('/clinic/about')
    await waitForHydration(page)
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true))
    const before = await page.getByRole('banner').boundingBox()

    await dariNotice(page).getByRole('button', { name: DARI.close }).click()
    await expect(anyNotice(page)).toHaveCount(0)
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage), 'no reload').toBe(true)
    expect((await page.getByRole('banner').boundingBox())!.y).toBeLessThan(before!.y)
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain('lang_notice')

    // A navigation in the page, then a fresh load: still closed.
    await page
      .getByRole('banner')
      .getByRole('link', { name: messagesFor('en').clinic.nav.services, exact: true })
      .click()
    await expect(page).toHaveURL(/\/clinic\/services$/)
    await expect(anyNotice(page)).toHaveCount(0)
    await page.goto('/academy/courses')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(anyNotice(page)).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('sees no notice on the Dari and Pashto pages', async ({ page }) => {
    await page.goto('/clinic/services')
    await expect(dariNotice(page), 'the English page has it').toBeVisible()
    for (const url of ['/fa/clinic/services', '/ps/clinic/services', '/fa/academy', '/fa/no-such-page']) {
      await page.goto(url)
      await expect(page.getByRole('heading', { level: 1 }), url).toBeVisible()
      await expect(anyNotice(page), url).toHaveCount(0)
    }
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the notice is there and closes with a form that returns to the same page, for good', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'fa', url: baseURL! }])
    await page.goto('/academy/courses')
    await expect(dariNotice(page).getByRole('link', { name: DARI.link })).toHaveAttribute('href', '/fa/academy/courses')
    await dariNotice(page).getByRole('button', { name: DARI.close }).click()
    await expect(page).toHaveURL(/\/academy\/courses$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(anyNotice(page)).toHaveCount(0)
    await page.goto('/clinic')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(anyNotice(page)).toHaveCount(0)
  })
})

test.describe('a browser in Pashto', () => {
  test.use({ locale: 'ps-AF' })

  test('is offered the same page in Pashto, even on the student login and a not-found page', async ({ page }) => {
    for (const [url, target] of [
      ['/academy/faculty', '/ps/academy/faculty'],
      ['/login', '/ps/login'],
      ['/clinic/no-such-page', '/ps/clinic/no-such-page'],
    ] as const) {
      await page.goto(url)
      await expect(page.locator('html'), url).toHaveAttribute('lang', 'en')
      const notice = pashtoNotice(page)
      await expect(notice, url).toHaveAttribute('lang', 'ps-AF')
      await expect(notice, url).toContainText(PASHTO.text)
      await expect(notice.getByRole('link', { name: PASHTO.link }), url).toHaveAttribute('href', target)
    }
  })

  test('sees no notice once English is chosen on the switcher', async ({ page }) => {
    await page.goto('/clinic/team')
    await expect(pashtoNotice(page)).toBeVisible()
    await page.getByRole('banner').locator('summary', { hasText: 'English' }).click()
    await page.getByRole('button', { name: 'English' }).click()
    await expect(page).toHaveURL(/\/clinic\/team$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(anyNotice(page)).toHaveCount(0)
  })
})

test.describe('no notice', () => {
  test('for a visitor who prefers English, by cookie or by browser', async ({ browser, baseURL }) => {
    const visitors = [
      { locale: 'fa-AF', cookie: null, notice: true },
      { locale: 'en-US', cookie: null, notice: false },
      { locale: 'ps-AF', cookie: 'en', notice: false },
    ]
    for (const { locale, cookie, notice } of visitors) {
      const context = await browser.newContext({ locale })
      try {
        if (cookie) await context.addCookies([{ name: 'lang', value: cookie, url: baseURL! }])
        const page = await context.newPage()
        await page.goto(`${baseURL}/clinic/contact`)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(anyNotice(page), `${locale}, saved: ${cookie}`).toHaveCount(notice ? 1 : 0)
      } finally {
        await context.close()
      }
    }
  })

  test.describe('for a search engine', () => {
    test.use({ userAgent: GOOGLEBOT, locale: 'fa-AF' })

    test('even with a Dari browser language and cookie', async ({ page, context, baseURL, request }) => {
      const browserAnswer = await request.get('/clinic/gallery', { headers: { 'User-Agent': CHROME, Cookie: 'lang=fa' } })
      expect(await browserAnswer.text(), 'a browser with that cookie has it').toContain(DARI.link)
      await context.addCookies([{ name: 'lang', value: 'fa', url: baseURL! }])
      await page.goto('/clinic/gallery')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(anyNotice(page)).toHaveCount(0)
    })
  })
})

test("the page cache never gives one visitor's notice to another", async ({ request, browser, baseURL }) => {
  const path = '/academy/news'
  const get = (url: string, headers: Record<string, string>) => request.get(url, { headers: { 'User-Agent': CHROME, ...headers } })
  const visitors = {
    dari: { Cookie: 'lang=fa', 'Accept-Language': 'en-US' },
    english: { 'Accept-Language': 'en-US' },
    pashto: { 'Accept-Language': 'ps-AF,ps;q=0.9' },
    bot: { Cookie: 'lang=fa', 'User-Agent': GOOGLEBOT },
    closed: { Cookie: 'lang=fa; lang_notice=closed' },
  }
  const expected = { dari: DARI.label, english: null, pashto: PASHTO.label, bot: null, closed: null }
  for (let round = 0; round < 2; round++) {
    for (const [who, headers] of Object.entries(visitors)) {
      for (const url of [path, dataPathOf(path)]) {
        const response = await get(url, headers)
        expect(response.status(), `${who} ${url}`).toBe(200)
        if (round === 1) expect(response.headers()['x-page-cache'], `${who} ${url} again`).toBe('hit')
        expect(response.headers().vary, `${who} ${url}`).toMatch(/Cookie/)
        expect(response.headers().vary, `${who} ${url}`).toMatch(/Accept-Language/)
        const body = await response.text()
        const label = expected[who as keyof typeof expected]
        for (const other of [DARI.label, PASHTO.label]) {
          expect(body.includes(other), `${who} ${url} ${other === label ? 'has' : 'has not'} «${other}»`).toBe(other === label)
        }
      }
    }
  }

  // Two browsers, one after the other, on a page the first one has just put in the cache.
  const first = await browser.newContext({ locale: 'fa-AF' })
  const second = await browser.newContext({ locale: 'en-US' })
  try {
    const dariPage = await first.newPage()
    await dariPage.goto(`${baseURL}/clinic/blog`)
    await expect(dariNotice(dariPage)).toBeVisible()
    const englishPage = await second.newPage()
    await englishPage.goto(`${baseURL}/clinic/blog`)
    await expect(englishPage.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(anyNotice(englishPage)).toHaveCount(0)
  } finally {
    await first.close()
    await second.close()
  }
})
