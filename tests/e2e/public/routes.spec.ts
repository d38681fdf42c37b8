import { expect, test } from '../support/test'
import { collectBrowserErrors, waitForHydration } from '../support/page'
import { PUBLIC_PAGES } from '../support/paths'

for (const { url, lang, dir } of PUBLIC_PAGES) {
  test(`${url} answers 200 with one heading, its language and no errors`, async ({ page }) => {
    const problems = collectBrowserErrors(page)

    const response = await page.goto(url)
    expect(response?.status()).toBe(200)
    await expect(page.locator('h1')).toHaveCount(1)
    await expect(page.locator('html')).toHaveAttribute('lang', lang)
    await expect(page.locator('html')).toHaveAttribute('dir', dir)
    expect((await page.title()).trim(), 'the page has a title').not.toBe('')
    await waitForHydration(page)
    expect(problems, 'errors in the browser console (CSP violations appear here too)').toEqual([])
  })
}

test('an unknown path is a real 404', async ({ page }) => {
  for (const url of ['/no-such-page', '/fa/no-such-page', '/xx/clinic', '/clinic/nothing']) {
    const response = await page.goto(url)
    expect(response?.status(), url).toBe(404)
    await expect(page.locator('h1'), url).toHaveCount(1)
  }
})
