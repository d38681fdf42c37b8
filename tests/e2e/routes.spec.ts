import { expect, test } from '@playwright/test'

const PUBLIC_PATHS = [
  '/',
  '/login',
  '/clinic',
  '/clinic/services',
  '/clinic/about',
  '/clinic/team',
  '/clinic/appointment',
  '/clinic/contact',
  '/clinic/gallery',
  '/clinic/blog',
  '/academy',
  '/academy/courses',
  '/academy/faculty',
  '/academy/news',
  '/academy/register',
]

for (const prefix of ['', '/fa', '/ps']) {
  for (const path of PUBLIC_PATHS) {
    const url = prefix ? (path === '/' ? prefix : `${prefix}${path}`) : path
    test(`${url} answers 200 with a heading`, async ({ page }) => {
      const response = await page.goto(url)
      expect(response?.status()).toBe(200)
      await expect(page.locator('h1')).toHaveCount(1)
      await expect(page.locator('html')).toHaveAttribute('dir', prefix ? 'rtl' : 'ltr')
    })
  }
}

test('an unknown path is a real 404', async ({ page }) => {
  for (const url of ['/no-such-page', '/fa/no-such-page', '/xx/clinic', '/clinic/nothing']) {
    const response = await page.goto(url)
    expect(response?.status(), url).toBe(404)
  }
})
