import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { test as base, expect, type Page } from '../support/test'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { PGLITE_EXTENSIONS } from '../../../db/pglite-extensions.js'
import { formatDate, solarMonthName, toEasternDigits } from '~/lib/i18n/dates'
import { messagesFor } from '~/locales'
import { ADMIN, ensureFirstAdmin, signIn } from '../support/admin'
import { waitForHydration } from '../support/page'
import { expectStaffDate, fillStaffDate } from '../support/staff-date'
import { withPrivateServer } from '../support/private-server'

// The desk's lists: date filters on the request lists, the agenda of confirmed visits (day and
// week, printable) and the phone layout. Confirmed visits are written into the database before the
// server starts, so every worker runs its own server on its own seeded embedded database.

// Starts with a letter: a search of digits alone is a phone search, and would miss the names.
const RUN = `r${randomBytes(3).toString('hex')}`
const name = (label: string) => `${label} ${RUN}`

/** Kabul is UTC+4:30: 09:00 in Kabul on 12 March 2030 is 04:30 UTC. */
const VISITS = [
  { name: name('Agenda Early'), status: 'confirmed', at: '2030-03-12T04:30:00Z' },
  { name: name('Agenda Midnight'), status: 'confirmed', at: '2030-03-09T19:30:00Z' }, // Sunday 10 March, 00:00 Kabul
  { name: name('Agenda Friday'), status: 'completed', at: '2030-03-15T19:29:00Z' }, // Friday 15 March, 23:59 Kabul
  { name: name('Agenda Cancelled'), status: 'cancelled', at: '2030-03-12T05:30:00Z' },
]
const REQUESTS = [
  { name: name('Filter March'), status: 'pending', created: '2030-03-10T05:00:00Z' },
  { name: name('Filter March Done'), status: 'completed', created: '2030-03-11T05:00:00Z' },
  { name: name('Filter April'), status: 'pending', created: '2030-04-10T05:00:00Z' },
]

async function seed(dataDir: string): Promise<void> {
  const client = new PGlite(path.join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS })
  await migrate(drizzle({ client }), { migrationsFolder: path.resolve('db/migrations') })
  let n = 0
  const insert = (row: { name: string; status: string; created: string; at?: string }) =>
    client.query(
      `insert into appointments (name, phone, date, status, submission_key, created_at, confirmed_for) values ($1, $2, '2030-03-12', $3, $4, $5, $6)`,
      [row.name, `+9370${RUN.length}${String(++n).padStart(6, '0')}`, row.status, `desk-lists-${RUN}-${n}`, row.created, row.at ?? null],
    )
  for (const visit of VISITS) await insert({ ...visit, created: '2030-02-01T08:00:00Z' })
  for (const request of REQUESTS) await insert(request)
  await client.close()
}

const test = base.extend<object, { deskServer: { baseURL: string } }>({
  deskServer: [async ({}, use) => withPrivateServer({}, (baseURL) => use({ baseURL }), seed), { scope: 'worker', timeout: 120_000 }],
  baseURL: async ({ deskServer }, use) => use(deskServer.baseURL),
})

test.beforeEach(async ({ page, request, baseURL }) => {
  // The setup answers with a session cookie: kept out of the page's browser context.
  await ensureFirstAdmin(request, baseURL!)
  await signIn(page, ADMIN)
})

async function useDari(page: Page, baseURL: string) {
  await page.context().addCookies([{ name: 'admin_lang', value: 'fa', url: baseURL }])
}

const en = messagesFor('en').admin
const fa = messagesFor('fa').admin

test.describe('request lists: date filters', () => {
  test('a date range narrows the list and keeps the search, the status, the pages and the export', async ({ page }) => {
    await page.goto(`/admin/patients?q=${RUN}`)
    await expect(page.getByRole('link', { name: name('Filter April') })).toBeVisible()
    await page.getByLabel(en.deskLists.from).fill('2030-03-01')
    await page.getByLabel(en.deskLists.to).fill('2030-03-31')
    await page.getByLabel(en.requests.status).selectOption('pending')
    await page.getByRole('button', { name: en.requests.searchButton }).click()
    await expect(page).toHaveURL(/from=2030-03-01/)
    const url = new URL(page.url())
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ q: RUN, status: 'pending', from: '2030-03-01', to: '2030-03-31' })
    await expect(page.getByRole('link', { name: name('Filter March'), exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: name('Filter April') })).toHaveCount(0)
    await expect(page.getByRole('link', { name: name('Filter March Done') })).toHaveCount(0)
    await expect(page.getByLabel(en.deskLists.from)).toHaveValue('2030-03-01')
    const exportHref = await page.getByRole('link', { name: en.requests.exportCsv }).getAttribute('href')
    expect(exportHref).toContain('from=2030-03-01')
    expect(exportHref).toContain('to=2030-03-31')
    expect(exportHref).toContain('status=pending')

    // The preferred date: every seeded request prefers 12 March 2030.
    await page.goto(`/admin/patients?q=${RUN}&dateField=preferred&from=2030-03-12&to=2030-03-12`)
    await expect(page.getByRole('link', { name: name('Filter April') })).toBeVisible()
    await expect(page.getByLabel(en.deskLists.dateField)).toHaveValue('preferred')
  })

  test('a reversed or impossible range is explained, with the typed dates kept', async ({ page }) => {
    const response = await page.goto(`/admin/patients?q=${RUN}&from=2030-03-31&to=2030-03-01`)
    expect(response?.status()).toBe(400)
    await expect(page.getByRole('alert').filter({ hasText: en.deskLists.errors.fromAfterTo })).toBeVisible()
    await expect(page.getByLabel(en.deskLists.from)).toHaveValue('2030-03-31')
    await expect(page.getByLabel(en.deskLists.to)).toHaveAttribute('aria-invalid', 'true')
    await page.goto(`/admin/students?from=2030-02-30`)
    await expect(page.getByRole('alert').filter({ hasText: en.deskLists.errors.invalidFrom })).toBeVisible()
    const csv = await page.request.get(`/admin/patients/export?from=2030-13-01`)
    expect(csv.status()).toBe(400)
  })

  test('in Dari the filter and its messages are in Dari', async ({ page, baseURL }) => {
    await useDari(page, baseURL!)
    await page.goto(`/admin/patients?q=${RUN}&from=2030-03-31&to=2030-03-01`)
    await expect(page.locator('[dir="rtl"]').first()).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: fa.deskLists.errors.fromAfterTo })).toBeVisible()
    // Dari staff give the range in the Solar Hijri calendar; the address and the export keep ISO dates.
    await fillStaffDate(page, fa.deskLists.from, '2030-03-01', 'fa')
    await fillStaffDate(page, fa.deskLists.to, '2030-03-31', 'fa')
    await page.getByRole('button', { name: fa.requests.searchButton }).click()
    await expect(page).toHaveURL(/fromDay=/)
    await expectStaffDate(page, fa.deskLists.from, '2030-03-01', 'fa')
    await expect(page.getByRole('link', { name: fa.requests.exportCsv })).toHaveAttribute('href', /from=2030-03-01&to=2030-03-31/)
    await expect(page.getByRole('link', { name: name('Filter March'), exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: name('Filter March Done') })).toBeVisible()
    await expect(page.getByRole('link', { name: name('Filter April') })).toHaveCount(0)

    // By the confirmed visit's day: the one visit of 12 March, and the export's address in ISO dates.
    await page.getByLabel(fa.deskLists.dateField, { exact: true }).selectOption('confirmed')
    await fillStaffDate(page, fa.deskLists.from, '2030-03-12', 'fa')
    await fillStaffDate(page, fa.deskLists.to, '2030-03-12', 'fa')
    await page.getByRole('button', { name: fa.requests.searchButton }).click()
    await expect(page).toHaveURL(/dateField=confirmed/)
    await expect(page.getByRole('link', { name: name('Agenda Early') })).toBeVisible()
    await expect(page.getByRole('link', { name: name('Filter March'), exact: true })).toHaveCount(0)
    await expect(page.getByRole('link', { name: fa.requests.exportCsv })).toHaveAttribute(
      'href',
      /from=2030-03-12&to=2030-03-12&dateField=confirmed/,
    )

    // A range with none of them: said so.
    await fillStaffDate(page, fa.deskLists.from, '2030-05-01', 'fa')
    await fillStaffDate(page, fa.deskLists.to, '2030-05-02', 'fa')
    await page.getByRole('button', { name: fa.requests.searchButton }).click()
    await expect(page.getByText(fa.requests.noMatches)).toBeVisible()

    // A day the month does not have (Esfand has 29 or 30): refused with the message, the parts kept as typed.
    const from = page.getByRole('group', { name: fa.deskLists.from, exact: true })
    await from.getByLabel(fa.solarDate.dateDay, { exact: true }).fill('۳۱')
    await from.getByLabel(fa.solarDate.dateMonth, { exact: true }).selectOption({ label: solarMonthName(12, 'fa') })
    await page.getByRole('button', { name: fa.requests.searchButton }).click()
    await expect(page.getByRole('alert').filter({ hasText: fa.deskLists.errors.invalidFrom })).toBeVisible()
    await expect(from.getByLabel(fa.solarDate.dateDay, { exact: true })).toHaveValue(toEasternDigits('31'))
  })
})

test.describe('agenda', () => {
  test('the day view shows the confirmed visits of the day at their Kabul times', async ({ page }) => {
    await page.goto('/admin/agenda?day=2030-03-12')
    await expect(page.getByRole('heading', { level: 1, name: en.deskLists.agenda.title })).toBeVisible()
    const day = page.locator('section[data-day="2030-03-12"]')
    await expect(day.getByRole('heading', { name: 'Tuesday, 12 March 2030' })).toBeVisible()
    const row = day.getByRole('row').filter({ hasText: name('Agenda Early') })
    await expect(row).toContainText('09:00')
    await expect(row).toContainText(en.statuses.confirmed)
    await expect(day.getByText(name('Agenda Cancelled'))).toHaveCount(0)
    await expect(page.getByRole('link', { name: name('Agenda Midnight') })).toHaveCount(0)
    await waitForHydration(page)
    await page.getByRole('link', { name: en.deskLists.agenda.nextDay }).click()
    await expect(page).toHaveURL(/day=2030-03-13/)
    await expect(page.getByText(en.deskLists.agenda.empty)).toBeVisible()
    await page.getByRole('link', { name: en.deskLists.agenda.previousDay }).click()
    await page.getByRole('link', { name: name('Agenda Early') }).click()
    await expect(page).toHaveURL(/\/admin\/patients\/\d+$/)
  })

  test('the week view runs Saturday to Friday and files each visit under its Kabul day', async ({ page }) => {
    await page.goto('/admin/agenda?view=week&day=2030-03-12')
    const days = await page.locator('section[data-day]').evaluateAll((sections) => sections.map((s) => s.getAttribute('data-day')))
    expect(days).toEqual(['2030-03-09', '2030-03-10', '2030-03-11', '2030-03-12', '2030-03-13', '2030-03-14', '2030-03-15'])
    await expect(page.locator('section[data-day="2030-03-09"]').getByRole('heading')).toHaveText(/^Saturday, 9 March 2030/)
    const sunday = page
      .locator('section[data-day="2030-03-10"]')
      .getByRole('row')
      .filter({ hasText: name('Agenda Midnight') })
    await expect(sunday).toContainText('00:00')
    const friday = page
      .locator('section[data-day="2030-03-15"]')
      .getByRole('row')
      .filter({ hasText: name('Agenda Friday') })
    await expect(friday).toContainText('23:59')
    await expect(friday).toContainText(en.statuses.completed)
    await expect(page.locator('section[data-day="2030-03-09"]').getByText(en.deskLists.agenda.empty)).toBeVisible()
    await page.getByRole('link', { name: en.deskLists.agenda.nextWeek }).click()
    await expect(page).toHaveURL(/view=week&day=2030-03-19/)
    await expect(page.locator('section[data-day]').first()).toHaveAttribute('data-day', '2030-03-16')
  })

  test('in Dari the week shows Solar Hijri days with the Gregorian date, in Dari', async ({ page, baseURL }) => {
    await useDari(page, baseURL!)
    await page.goto('/admin/agenda?view=week&day=2030-03-12')
    await expect(page.locator('[dir="rtl"]').first()).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: fa.deskLists.agenda.title })).toBeVisible()
    const heading = formatDate('2030-03-10', 'fa', { withWeekday: true })
    expect(heading).toMatch(/^یکشنبه، .+ حوت ۱۴۰۸ \(۱۰ مارچ ۲۰۳۰\)$/)
    const sunday = page.locator('section[data-day="2030-03-10"]')
    await expect(sunday.getByRole('heading')).toContainText(heading)
    await expect(sunday.getByRole('row').filter({ hasText: name('Agenda Midnight') })).toContainText('۰۰:۰۰')
    await expect(sunday.getByRole('row').filter({ hasText: name('Agenda Midnight') })).toContainText(fa.statuses.confirmed)
    await expect(page.locator('section[data-day]').first().getByRole('heading')).toContainText('شنبه')
    await expect(page.getByRole('link', { name: fa.deskLists.agenda.nextWeek })).toBeVisible()
  })

  test('the print view leaves out the frame and the controls, in English and Dari', async ({ page, baseURL }) => {
    for (const lang of ['en', 'fa'] as const) {
      if (lang === 'fa') await useDari(page, baseURL!)
      const t = lang === 'en' ? en : fa
      await page.goto('/admin/agenda?view=week&day=2030-03-12')
      await waitForHydration(page)
      const print = page.getByRole('button', { name: t.deskLists.agenda.print })
      await expect(print).toBeVisible()
      const sidebar = page.getByRole('navigation', { name: t.shell.navLabel })
      await expect(sidebar).toBeVisible()
      await page.emulateMedia({ media: 'print' })
      await expect(sidebar).toBeHidden()
      await expect(page.getByRole('note')).toBeHidden()
      await expect(print).toBeHidden()
      await expect(page.getByRole('link', { name: t.deskLists.agenda.nextWeek })).toBeHidden()
      await expect(page.getByRole('button', { name: t.shell.logout })).toBeHidden()
      await expect(page.getByRole('link', { name: name('Agenda Midnight') })).toBeVisible()
      // On paper the visits stay a table, one row per visit, inside the page's width.
      await expect(page.locator('thead').first()).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true)
      await page.emulateMedia({ media: 'screen' })
    }
  })
  test('without JavaScript, a link opens the print view: the agenda alone, laid out for paper', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
    const page = await context.newPage()
    await signIn(page, ADMIN)
    await page.goto('/admin/agenda?view=week&day=2030-03-12')
    // The Print button needs scripts; the link does not.
    await expect(page.getByRole('button', { name: en.deskLists.agenda.print })).toHaveCount(0)
    await page.getByRole('link', { name: en.deskLists.agenda.printView }).click()
    await expect(page).toHaveURL(/\/admin\/agenda\/print\?view=week&day=2030-03-12$/)
    await expect(page.getByRole('heading', { level: 1, name: en.deskLists.agenda.title })).toBeVisible()
    await expect(page.getByRole('link', { name: name('Agenda Midnight') })).toBeVisible()
    await expect(page.getByRole('link', { name: name('Agenda Friday') })).toBeVisible()
    // No frame and no controls, only the way back and a word on printing.
    await expect(page.getByRole('navigation', { name: en.shell.navLabel })).toHaveCount(0)
    await expect(page.getByRole('button', { name: en.shell.logout })).toHaveCount(0)
    await expect(page.getByRole('link', { name: en.deskLists.agenda.nextWeek })).toBeHidden()
    await expect(page.getByRole('note').filter({ hasText: en.deskLists.agenda.printHint })).toBeVisible()
    const back = page.getByRole('link', { name: en.deskLists.agenda.back })
    await expect(back).toHaveAttribute('href', '/admin/agenda?view=week&day=2030-03-12')
    // On paper: the way back and the hint go too, the visits stay a table.
    await page.emulateMedia({ media: 'print' })
    await expect(back).toBeHidden()
    await expect(page.getByRole('note')).toBeHidden()
    await expect(page.locator('thead').first()).toBeVisible()
    await expect(page.getByRole('link', { name: name('Agenda Midnight') })).toBeVisible()
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)')
    await context.close()
  })
})

const PHONE = { width: 390, height: 844 }

/** Where the sidebar's links and the page's heading are drawn, in pixels from the page's top left. */
async function frameLayout(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('aside nav a, main h1')].map((element) => {
      const box = element.getBoundingClientRect()
      return `${element.textContent?.trim()}: ${Math.round(box.left)},${Math.round(box.top + window.scrollY)}`
    }),
  )
}

for (const { label, viewport } of [
  { label: 'a phone', viewport: PHONE },
  { label: 'a computer', viewport: { width: 1280, height: 800 } },
]) {
  test(`nothing in the frame moves when the page hydrates, on ${label}: a tap lands on what the reader saw`, async ({
    browser,
    page,
    baseURL,
  }) => {
    // Before its scripts run, a page looks as the server drew it: the same page without JavaScript.
    const drawn = await browser.newContext({
      baseURL,
      viewport,
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    })
    const served = await drawn.newPage()
    await served.goto('/admin/dashboard')
    const before = await frameLayout(served)
    await drawn.close()
    expect(before.length, 'links and a heading').toBeGreaterThan(3)

    await page.setViewportSize(viewport)
    await page.goto('/admin/dashboard')
    await expect(page.getByRole('button', { name: en.deskAlerts.turnOn })).toBeEnabled()
    expect(await frameLayout(page)).toEqual(before)
  })
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true })

  const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= 390)

  for (const lang of ['en', 'fa'] as const) {
    test(`the lists and the agenda are cards and nothing needs sideways scrolling (${lang})`, async ({ page, baseURL }) => {
      if (lang === 'fa') await useDari(page, baseURL!)
      const t = lang === 'en' ? en : fa
      await page.goto(`/admin/patients?q=${RUN}`)
      await expect(page.getByRole('link', { name: name('Filter April') })).toBeVisible()
      await expect(page.locator('thead').first()).toBeHidden()
      const card = page.locator('tr').filter({ hasText: name('Filter April') })
      expect(await card.evaluate((row) => getComputedStyle(row).display)).toBe('block')
      await expect(card.getByRole('link', { name: t.deskLists.call })).toHaveAttribute('href', /^tel:\+9370/)
      // Each value is labelled on the card (the cell's ::before shows its column's name).
      const phoneCell = card.locator('td').filter({ hasText: '+9370' })
      expect(await phoneCell.evaluate((td) => getComputedStyle(td, '::before').content)).toBe(`"${t.patients.columns.phone}"`)
      const box = await card.boundingBox()
      expect(box!.x).toBeGreaterThanOrEqual(0)
      expect(box!.x + box!.width).toBeLessThanOrEqual(390)
      expect(await fitsWidth(page)).toBe(true)

      for (const address of ['/admin/agenda?view=week&day=2030-03-12', '/admin/students', '/admin/dashboard', '/admin/staff']) {
        await page.goto(address)
        await expect(page.locator('main h1')).toBeVisible()
        expect(await fitsWidth(page), `${address} fits 390 px`).toBe(true)
      }
    })
  }

  test('the staff list is cards, one per account, each value labelled', async ({ page }) => {
    await page.goto('/admin/staff')
    await expect(page.locator('thead').first()).toBeHidden()
    const card = page.locator('tr').filter({ hasText: ADMIN.username })
    expect(await card.evaluate((row) => getComputedStyle(row).display)).toBe('block')
    const account = card.locator('td').first()
    expect(await account.evaluate((td) => getComputedStyle(td, '::before').content)).toBe(`"${en.staff.columns.name}"`)
    await expect(account.getByRole('term').filter({ hasText: en.staff.columns.username })).toBeVisible()
    await expect(account.getByRole('definition').filter({ hasText: ADMIN.username })).toBeVisible()
    const alerts = card.locator('td').filter({ has: page.locator('[data-alerts-summary]') })
    expect(await alerts.evaluate((td) => getComputedStyle(td, '::before').content)).toBe(`"${en.staff.columns.alerts}"`)
    const box = await card.boundingBox()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(390)
    // No sideways scrolling: neither the page nor the list's box scrolls.
    expect(await fitsWidth(page)).toBe(true)
    const list = page.locator('table').first().locator('..')
    expect(await list.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true)
    // The alert form opens inside the card and fits too.
    await card.getByText(`Change the alerts of ${ADMIN.displayName}`).click()
    await expect(card.getByLabel('Address for alerts')).toBeVisible()
    expect(await fitsWidth(page)).toBe(true)
  })
})
