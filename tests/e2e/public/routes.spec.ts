import { expect, test } from '../support/test'
import { waitForHydration } from '../support/page'
import { dataPathOf } from '~/lib/platform/data-requests'

// The data addresses of pages. Each public page itself: every-page.spec.ts; addresses that are no
// page: not-found.spec.ts.

test("a page's data is at its address with .data added, and the home page's at /_.data", async ({ request }) => {
  for (const path of ['/', '/clinic', '/clinic/', '/fa/academy/register']) {
    const response = await request.get(dataPathOf(path), { headers: { 'Accept-Language': 'en' }, maxRedirects: 0 })
    expect(response.status(), dataPathOf(path)).toBe(200)
    expect(response.headers()['content-type'], dataPathOf(path)).toMatch(/^text\/x-script/)
  }
  // The home page's data had another address before React Router 8's form: it is no page of the site.
  expect((await request.get('/_root.data', { maxRedirects: 0 })).status()).toBe(404)
})

test('a link to the home page followed inside the site asks for /_.data', async ({ page }) => {
  await page.goto('/clinic')
  await waitForHydration(page)
  const data = page.waitForRequest((request) => new URL(request.url()).pathname === '/_.data')
  await page.getByRole('banner').getByRole('link').first().click()
  await data
  await expect(page).toHaveURL(/\/$/)
  await expect(page.locator('h1')).toHaveCount(1)
})
