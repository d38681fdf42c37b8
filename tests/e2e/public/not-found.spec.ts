import { expect, test } from '../support/test'
import { accessibilityProblems } from '../support/axe'
import { contrastRatio } from '~/lib/site/color'
import { messagesFor } from '~/locales'
import { collectBrowserErrors, waitForHydration } from '../support/page'
import { latinWords, pageTexts } from '../support/rtl-text'

// A not-found page is a page of the site in the language of its address: header with navigation
// and the language switch, footer, ways back, a title, `noindex`, and status 404; in Dari and Pashto
// with no English left over.

const CASES = [
  // The first segment is no language: the root loader answers 404 (English).
  { url: '/no-such-page', locale: 'en', lang: 'en', dir: 'ltr', number: '404', site: 'clinic', home: '/' },
  { url: '/xx/clinic', locale: 'en', lang: 'en', dir: 'ltr', number: '404', site: 'clinic', home: '/' },
  // Unknown pages under a language, nested ones included (the splat route).
  { url: '/clinic/nothing-here', locale: 'en', lang: 'en', dir: 'ltr', number: '404', site: 'clinic', home: '/clinic' },
  { url: '/fa/no-such-page', locale: 'fa', lang: 'fa-AF', dir: 'rtl', number: '۴۰۴', site: 'clinic', home: '/' },
  { url: '/fa/clinic/services/old', locale: 'fa', lang: 'fa-AF', dir: 'rtl', number: '۴۰۴', site: 'clinic', home: '/clinic' },
  { url: '/ps/no-such-page', locale: 'ps', lang: 'ps-AF', dir: 'rtl', number: '۴۰۴', site: 'clinic', home: '/' },
  { url: '/ps/academy/old-course', locale: 'ps', lang: 'ps-AF', dir: 'rtl', number: '۴۰۴', site: 'academy', home: '/academy' },
] as const

for (const { url, locale, lang, dir, number, site, home } of CASES) {
  test(`${url} is a 404 page of the ${site} site in ${locale}`, async ({ page }) => {
    const errors = collectBrowserErrors(page)
    const m = messagesFor(locale).common
    const response = await page.goto(url)
    expect(response?.status()).toBe(404)
    await expect(page.locator('html')).toHaveAttribute('lang', lang)
    await expect(page.locator('html')).toHaveAttribute('dir', dir)
    const siteName = site === 'clinic' ? m.brand.clinicName : m.brand.academyName
    await expect(page).toHaveTitle(`${m.notFound.title} | ${siteName}`)
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', /noindex/)
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0)

    // The site's frame: header with its navigation and the language switch, footer.
    const header = page.getByRole('banner')
    await expect(header).toBeVisible()
    await expect(header.getByRole('link', { name: siteName })).toBeVisible()
    await expect(header.locator('summary').filter({ hasText: m.language.label })).toBeVisible()
    // The switch leads to the home of that site in the chosen language (this page has no other).
    await expect(header.locator('form[action="/set-language"] input[name="redirectTo"]')).toHaveValue(home)
    await expect(page.getByRole('contentinfo')).toContainText(siteName)

    // The message and the ways back.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.notFound.title)
    const prefix = locale === 'en' ? '' : `/${locale}`
    const ways = page.getByRole('navigation', { name: m.notFound.suggestions })
    await expect(ways.getByRole('link', { name: new RegExp(m.siteSwitch.clinic) })).toHaveAttribute('href', `${prefix}/clinic`)
    await expect(ways.getByRole('link', { name: new RegExp(m.siteSwitch.academy) })).toHaveAttribute('href', `${prefix}/academy`)
    await expect(ways.getByRole('link', { name: m.notFound.home })).toHaveAttribute('href', prefix || '/')

    // The big number: in the language's digits, and readable (at least 4.5:1 on its background).
    const big = page.locator('main p[aria-hidden="true"]').first()
    await expect(big).toHaveText(number)
    const colours = await big.evaluate((el) => {
      // Any CSS colour (Tailwind writes oklch) as an sRGB hex colour, through a canvas.
      const hex = (colour: string) => {
        const context = document.createElement('canvas').getContext('2d')!
        context.fillStyle = colour
        context.fillRect(0, 0, 1, 1)
        return `#${[...context.getImageData(0, 0, 1, 1).data.slice(0, 3)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`
      }
      let node: Element | null = el
      let background = 'white'
      for (; node; node = node.parentElement) {
        const colour = getComputedStyle(node).backgroundColor
        if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') {
          background = colour
          break
        }
      }
      return { text: hex(getComputedStyle(el).color), background: hex(background), opacity: getComputedStyle(el).opacity }
    })
    expect(colours.opacity).toBe('1')
    expect(contrastRatio(colours.text, colours.background), `${JSON.stringify(colours)}`).toBeGreaterThanOrEqual(4.5)

    await waitForHydration(page)
    expect(errors.filter((error) => !/404 \(Not Found\)/.test(error))).toEqual([])
    expect(await accessibilityProblems(page)).toEqual([])
    if (dir === 'rtl') expect(latinWords(await pageTexts(page)), 'English words').toEqual([])
  })
}

test('the language switch of a not-found page goes to the home in that language', async ({ page }) => {
  await page.goto('/clinic/nothing-here')
  await waitForHydration(page)
  const header = page.getByRole('banner')
  await header.locator('summary').filter({ hasText: 'Language' }).click()
  await header.getByRole('button', { name: 'پښتو' }).click()
  await expect(page).toHaveURL(/\/ps\/clinic$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'ps-AF')
})

test('a not-found page without JavaScript has the same frame and status', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  try {
    const page = await context.newPage()
    const response = await page.goto(`${baseURL}/fa/academy/nothing`)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await expect(page).toHaveTitle(/صفحه پیدا نشد/)
  } finally {
    await context.close()
  }
})
