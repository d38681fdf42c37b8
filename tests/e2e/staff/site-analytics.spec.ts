import { devices } from '@playwright/test'
import { expect, test, type Page } from '../support/test'
import { formatDate } from '~/lib/i18n/dates'
import { kabulToday } from '~/lib/forms/shared'
import { ensureAccounts } from '../support/admin'

// Site analytics end to end: a visitor on a phone opens public pages (a link from a campaign of its
// own, so that its counts are this spec's alone, and a broken link), the server adds the counts to
// the database within ten seconds, and the dashboard's card shows them, in English and in Dari.

const run = Date.now().toString(36)
const SOURCE = `e2e${run}`
const MISSING = `/clinic/e2e-missing-${run}`
const EDITOR = { username: `analytics-${run}`, displayName: `Analytics ${run}`, password: `cedar lamp ${run} orbit`, role: 'editor' }

test.beforeAll(async ({ baseURL }) => {
  await ensureAccounts(baseURL!, EDITOR)
})

/** Reloads the dashboard until the counts have been added (the server flushes every 10 s). */
async function untilCounted(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload()
    await check()
  }).toPass({ timeout: 90_000, intervals: [2_000] })
}

test('visits on a phone are counted and shown on the dashboard, in English and in Dari', async ({ browser }) => {
  // A visitor: an ordinary phone browser (headless Chromium's own user agent is a crawler's), not signed in.
  const visitorContext = await browser.newContext({
    ...devices['Pixel 7'],
    userAgent: devices['Pixel 7'].userAgent.replace('HeadlessChrome', 'Chrome'),
  })
  const visitor = await visitorContext.newPage()
  for (let i = 0; i < 3; i++) await visitor.goto(`/fa/clinic/about?ref=${SOURCE}`)
  await visitor.goto(`/clinic/appointment?ref=${SOURCE}`)
  // A broken link: answered 404, and listed with its address.
  for (let i = 0; i < 2; i++) expect((await visitor.goto(MISSING))?.status()).toBe(404)
  await visitorContext.close()

  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/admin/login')
  await page.getByLabel('Username').fill(EDITOR.username)
  await page.getByLabel('Password').fill(EDITOR.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard/)

  const card = page.getByRole('region', { name: 'Site Analytics' })
  const brokenLinks = card.getByRole('table', { name: 'Broken links (page not found)' })
  // The visits may reach the database in several flushes (one may fall between the two broken
  // links): every count is waited for.
  await untilCounted(page, async () => {
    await expect(card.getByRole('row', { name: SOURCE }).getByRole('cell')).toHaveText('4', { timeout: 1_000 })
    await expect(brokenLinks.getByRole('row', { name: MISSING }).getByRole('cell')).toHaveText('2', { timeout: 1_000 })
  })
  await expect(card.getByRole('table').filter({ has: page.getByRole('row', { name: 'Phone' }) })).toBeVisible()
  const today = card.locator('[data-period="today"]')
  await expect(today).toContainText('Visitors')
  expect(Number((await today.locator('.text-2xl').first().textContent())?.replace(/,/g, ''))).toBeGreaterThanOrEqual(1)
  await expect(card.getByRole('img', { name: /From .* to / })).toBeVisible()
  await card.getByText('Numbers per day', { exact: true }).click()
  await expect(card.getByRole('rowheader', { name: formatDate(kabulToday(), 'en', { withGregorian: false }) })).toBeVisible()
  await expect(card.getByRole('table', { name: 'Appointment page and appointment requests' })).toBeVisible()
  await expect(card.getByRole('link', { name: 'Download daily counts (CSV)' })).toHaveAttribute('href', '/admin/analytics/export')
  const csv = await page.request.get('/admin/analytics/export')
  expect(csv.status()).toBe(200)
  expect(await csv.text()).toContain(`,referrer,${SOURCE},,4`)

  // In Dari, as the rest of the panel: the same counts in Eastern Arabic digits, Solar Hijri dates.
  await page.getByRole('form', { name: 'Language' }).getByRole('button', { name: 'دری' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fa-AF')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  const dari = page.getByRole('region', { name: 'آمار سایت' })
  await expect(dari.getByRole('row', { name: SOURCE }).getByRole('cell')).toHaveText('۴')
  await expect(dari.getByRole('heading', { name: 'بازدیدکنندگان از کجا آمدند' })).toBeVisible()
  const dariBrokenLinks = dari.getByRole('table', { name: 'لینک‌های خراب (صفحه پیدا نشد)' })
  await expect(dariBrokenLinks.getByRole('row', { name: MISSING }).getByRole('cell')).toHaveText('۲')
  const dariToday = dari.locator('[data-period="today"]')
  await expect(dariToday).toContainText('بازدیدکنندگان')
  await expect(dariToday.locator('.text-2xl').first()).toHaveText(/^[۰-۹][۰-۹٬]*$/)
  await expect(dari.getByRole('img', { name: /^از .* تا / })).toBeVisible()
  await dari.getByText('شمار هر روز', { exact: true }).click()
  const todayInDari = formatDate(kabulToday(), 'fa', { withGregorian: false })
  expect(todayInDari).toMatch(/[۰-۹]/)
  await expect(dari.getByRole('rowheader', { name: todayInDari })).toBeVisible()
  await expect(dari.getByRole('row', { name: 'موبایل' })).toBeVisible()
  await context.close()
})
