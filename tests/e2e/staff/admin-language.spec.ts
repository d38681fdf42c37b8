import { expect, test, untilInteractive, type Browser, type Page } from '../support/test'
import { formatStaffDate } from '~/lib/i18n/staff-dates'
import { sessionCookie, submitAppointment, ensureAccounts } from '../support/admin'

// The admin panel in Dari and Pashto: the language switch (with and without JavaScript), the choice
// kept on the account, the login page before sign-in, dates in the Solar Hijri calendar and Kabul
// time, the CSV in Dari, and the Pashto editor fields drawn in Vazirmatn.
// Each test signs in with accounts of its own, so switching a language never changes another spec's.

const run = Date.now().toString(36)
const digits = String(Date.now()).slice(-7)
const desk = (name: string) => ({
  username: `lang-${name}-${run}`,
  displayName: `Language ${name} ${run}`,
  password: `amber tulip ${run} river`,
})
const RECEPTION_FA = { ...desk('fa'), role: 'reception' }
const RECEPTION_NOJS = { ...desk('nojs'), role: 'reception' }
const RECEPTION_CSV = { ...desk('csv'), role: 'reception' }
const EDITOR_PS = { ...desk('ps'), role: 'editor' }
const patient = {
  name: `Language E2E Patient ${run}`,
  phone: `078${digits}`,
  date: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
}

test.beforeAll(async ({ baseURL, browser }) => {
  await ensureAccounts(baseURL!, RECEPTION_FA, RECEPTION_NOJS, RECEPTION_CSV, EDITOR_PS)
  await submitAppointment(browser, patient)
})

/** Signs in through the login form, in whichever language it is shown. */
async function signInAs(page: Page, user: { username: string; password: string }) {
  await page.goto('/admin/login')
  await page.locator('#username').fill(user.username)
  await page.locator('#password').fill(user.password)
  await page.locator('#password').press('Enter')
  await expect(page).toHaveURL(/\/admin\/dashboard/)
}

const html = (page: Page) => page.locator('html')

async function newContext(browser: Browser, javaScriptEnabled = true) {
  return browser.newContext({ javaScriptEnabled })
}

test('English by default; switching to Dari turns the panel right to left and is kept on the account', async ({ browser }) => {
  const context = await newContext(browser)
  const page = await context.newPage()
  await signInAs(page, RECEPTION_FA)
  // No language chosen anywhere: English, left to right.
  await expect(html(page)).toHaveAttribute('lang', 'en')
  await expect(html(page)).toHaveAttribute('dir', 'ltr')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()

  // The switch loads a whole page; the test goes on once it is interactive, as after every goto.
  await page.getByRole('form', { name: 'Language' }).getByRole('button', { name: 'دری' }).click()
  await expect(html(page)).toHaveAttribute('lang', 'fa-AF')
  await untilInteractive(page)
  await expect(html(page)).toHaveAttribute('dir', 'rtl')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'داشبورد' })).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'بخش‌های پنل کارمندان' })
  await expect(nav.getByRole('link', { name: 'مریضان' })).toBeVisible()
  await expect(page.getByRole('form', { name: 'زبان' }).getByRole('button', { name: 'دری' })).toHaveAttribute('aria-pressed', 'true')
  const cookie = (await context.cookies()).find((c) => c.name === 'admin_lang')
  expect(cookie).toMatchObject({ value: 'fa', path: '/admin', sameSite: 'Lax' })

  // The list: Dari headings and the request's received date in the Solar Hijri calendar (Kabul's day).
  await nav.getByRole('link', { name: 'مریضان' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'درخواست‌های وقت ملاقات' })).toBeVisible()
  await page.getByLabel('جستجو با نام یا شماره تماس').fill(patient.name)
  await page.getByRole('button', { name: 'جستجو', exact: true }).click()
  const row = page.getByRole('row').filter({ hasText: patient.name })
  await expect(row).toContainText(formatStaffDate(new Date(), 'fa'))
  await expect(row).toContainText('در انتظار')
  // A list gives the Solar Hijri date alone.
  await expect(row).not.toContainText(formatStaffDate(new Date(), 'fa', { withGregorian: true }))

  // Signed out, the login page stays in Dari; in a browser that forgot everything, it is English,
  // and signing in brings the account's Dari back.
  await page.getByRole('button', { name: 'خروج' }).click()
  await expect(page).toHaveURL(/\/admin\/login/)
  await expect(page.getByRole('heading', { level: 1, name: 'ورود به پنل کارمندان' })).toBeVisible()
  await context.clearCookies()
  await page.goto('/admin/login')
  await expect(html(page)).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible()
  await signInAs(page, RECEPTION_FA)
  await expect(html(page)).toHaveAttribute('lang', 'fa-AF')
  await expect(html(page)).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1, name: 'داشبورد' })).toBeVisible()
  expect((await context.cookies()).find((c) => c.name === 'admin_lang')?.value).toBe('fa')
  await context.close()
})

test("before sign-in the login page follows the public site's language", async ({ browser, baseURL }) => {
  const context = await newContext(browser)
  await context.addCookies([{ name: 'lang', value: 'ps', url: baseURL! }])
  const page = await context.newPage()
  await page.goto('/admin/login')
  await expect(html(page)).toHaveAttribute('lang', 'ps-AF')
  await expect(html(page)).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1, name: 'د کارکوونکو پینل ته ننوتل' })).toBeVisible()
  await expect(page.getByLabel('کارن نوم')).toBeVisible()
  await context.close()
})

test('the language switch works without JavaScript, on the login page and in the panel', async ({ browser }) => {
  const context = await newContext(browser, false)
  const page = await context.newPage()
  await page.goto('/admin/login')
  await page.getByRole('button', { name: 'دری' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
  await expect(html(page)).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1, name: 'ورود به پنل کارمندان' })).toBeVisible()

  await page.getByLabel('نام کاربری').fill(RECEPTION_NOJS.username)
  await page.getByLabel('رمز', { exact: true }).fill(RECEPTION_NOJS.password)
  await page.getByRole('button', { name: 'ورود', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard/)
  await expect(page.getByRole('heading', { level: 1, name: 'داشبورد' })).toBeVisible()

  // Back to the same page, its filter kept.
  await page.goto('/admin/patients?status=pending')
  await page.getByRole('button', { name: 'پښتو' }).click()
  await expect(page).toHaveURL(/\/admin\/patients\?status=pending$/)
  await expect(html(page)).toHaveAttribute('lang', 'ps-AF')
  await expect(page.getByRole('heading', { level: 1, name: 'د لیدنې وخت غوښتنې' })).toBeVisible()
  await page.getByRole('button', { name: 'English' }).click()
  await expect(html(page)).toHaveAttribute('dir', 'ltr')
  await expect(page.getByRole('heading', { level: 1, name: 'Appointment Requests' })).toBeVisible()
  await context.close()
})

test('the CSV export in Dari names the statuses in Dari and gives Kabul time', async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL })
  const session = await sessionCookie(request, baseURL!, RECEPTION_CSV)
  const response = await request.get(`/admin/patients/export?q=${encodeURIComponent(patient.name)}`, {
    headers: { Cookie: `${session}; admin_lang=fa` },
  })
  expect(response.status()).toBe(200)
  const body = Buffer.from(await response.body()).toString('utf8')
  expect(body.startsWith('\uFEFF')).toBe(true)
  const [header, line] = body.slice(1).split('\r\n')
  expect(header).toContain('زمان دریافت (به وقت کابل)')
  expect(header).toContain('وضعیت')
  expect(line).toContain(patient.name)
  expect(line).toContain('در انتظار')
  // Received just now: today's Solar Hijri date and the hour in Kabul (UTC+4:30), never UTC.
  const received = /,([۰-۹]+ \S+ [۰-۹]{4}، [۰-۹]{2}:[۰-۹]{2}),/.exec(line!)?.[1]
  const lastMinutes = Array.from({ length: 30 }, (_, i) => formatStaffDate(new Date(Date.now() - i * 60_000), 'fa', { withTime: true }))
  expect(lastMinutes).toContain(received)
  await request.dispose()
})

test('a Pashto field of the editor is drawn in Vazirmatn, which has ۍ', async ({ browser }) => {
  const context = await newContext(browser)
  const page = await context.newPage()
  await signInAs(page, EDITOR_PS)
  await page.goto('/admin/content')
  const field = page.getByLabel('Hero Title Pashto', { exact: true })
  await expect(field).toHaveAttribute('dir', 'rtl')
  await expect(field).toHaveAttribute('lang', 'ps-AF')
  await field.fill('د غاښونو روغتیا او لیندۍ')
  expect(await field.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^"?Vazirmatn/)
  const drawn = await field.evaluate(async () => {
    const faces = await document.fonts.load('16px Vazirmatn', 'ۍ')
    return { faces: faces.map((face) => face.unicodeRange), check: document.fonts.check('16px Vazirmatn', 'ۍ') }
  })
  expect(drawn.check).toBe(true)
  expect(drawn.faces.length).toBeGreaterThan(0)
  for (const range of drawn.faces) expect(coversCodePoint(range, 0x06cd), range).toBe(true)
  await context.close()
})

/** Whether a CSS unicode-range ('U+0020-007E, U+06CC-06CD') holds a code point. */
function coversCodePoint(range: string, codePoint: number): boolean {
  return range.split(',').some((part) => {
    const [start, end = start] = part.trim().replace(/^U\+/i, '').split('-')
    return parseInt(start!, 16) <= codePoint && codePoint <= parseInt(end!, 16)
  })
}
