import { expect, test, type Browser } from '../support/test'
import { formatDate, solarMonthName, toEasternDigits } from '~/lib/i18n/dates'
import { messagesFor } from '~/locales'
import { ensureStaff, sessionCookie } from '../support/admin'
import { waitForHydration } from '../support/page'
import { expectStaffDate, fillStaffDate, openDay } from '../support/staff-date'

// Dari and Pashto staff type and read dates in the Solar Hijri calendar at the desk: the agenda's
// day and the lists' date range, with and without JavaScript. The server reads them into the same
// Gregorian dates it stores; the address of the CSV export keeps ISO dates. (Confirming a visit and
// the desk's booking form are in desk-appointments.spec.ts, in the three languages.) Each test makes
// its own account and appointment, so it depends on no other spec.

const PASSWORD = 'juniper harbour 58 lantern'

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** The day after an ISO date. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

/** A reception account signed in with the panel in `locale`, and an appointment confirmed for `day` at 10:00 Kabul time. */
async function deskWithVisit(browser: Browser, baseURL: string, locale: 'fa' | 'ps', javaScriptEnabled: boolean, day: string) {
  const username = unique('dates')
  const account = { username, displayName: `Dates ${username}`, password: PASSWORD, role: 'reception' }
  const setup = await browser.newContext()
  await ensureStaff(setup.request, baseURL, account)
  await setup.close()
  const context = await browser.newContext({ javaScriptEnabled })
  const cookie = await sessionCookie(context.request, baseURL, account)
  const [name, value] = cookie.split('=') as [string, string]
  await context.addCookies([
    { name, value, url: baseURL },
    { name: 'admin_lang', value: locale, url: baseURL },
  ])
  // Booked at the desk as the English panel sends it (the ISO date): stored the same way either way.
  const patient = `Solar ${unique('p')}`
  const booked = await context.request.post('/admin/patients/new', {
    headers: { Origin: baseURL },
    form: {
      name: patient,
      phone: `078${String(Date.now()).slice(-7)}`,
      date: day,
      source: 'phone',
      locale,
      confirmNow: 'yes',
      visitDate: day,
      visitTime: '10:00',
    },
    maxRedirects: 0,
  })
  expect(booked.status(), 'the desk booking is stored').toBe(302)
  return { context, page: await context.newPage(), patient }
}

for (const locale of ['fa', 'ps'] as const) {
  const t = messagesFor(locale).admin
  for (const javaScriptEnabled of [true, false]) {
    const how = javaScriptEnabled ? '' : ' without JavaScript'
    test(`${locale}${how}: the agenda's day is picked in the Solar Hijri calendar`, async ({ browser, baseURL }) => {
      const day = openDay(9)
      const { context, page, patient } = await deskWithVisit(browser, baseURL!, locale, javaScriptEnabled, day)
      await page.goto('/admin/agenda')
      if (javaScriptEnabled) await waitForHydration(page)
      await fillStaffDate(page, t.deskLists.agenda.date, day, locale)
      await page.getByRole('button', { name: t.deskLists.agenda.show, exact: true }).click()
      await expect(page).toHaveURL(/dayDay=/)
      const section = page.locator(`section[data-day="${day}"]`)
      await expect(section.getByRole('heading')).toContainText(formatDate(day, locale, { withWeekday: true }))
      const row = section.getByRole('row').filter({ hasText: patient })
      await expect(row).toContainText('۱۰:۰۰')
      // The field shows the day it asked for, in the same calendar.
      await expectStaffDate(page, t.deskLists.agenda.date, day, locale)
      await context.close()
    })

    // In Dari with JavaScript, the same walk is the Dari date filter's test in desk-lists.spec.ts.
    if (locale === 'fa' && javaScriptEnabled) continue
    test(`${locale}${how}: the list's date range is given in the Solar Hijri calendar, the export keeps ISO dates`, async ({
      browser,
      baseURL,
    }) => {
      const day = openDay(11)
      const { context, page, patient } = await deskWithVisit(browser, baseURL!, locale, javaScriptEnabled, day)
      await page.goto(`/admin/patients?q=${encodeURIComponent(patient)}`)
      if (javaScriptEnabled) await waitForHydration(page)
      await page.getByLabel(t.deskLists.dateField, { exact: true }).selectOption('confirmed')
      await fillStaffDate(page, t.deskLists.from, day, locale)
      await fillStaffDate(page, t.deskLists.to, day, locale)
      await page.getByRole('button', { name: t.requests.searchButton, exact: true }).click()
      await expect(page).toHaveURL(/fromDay=/)
      await expect(page.getByRole('link', { name: patient })).toBeVisible()
      await expectStaffDate(page, t.deskLists.from, day, locale)
      await expect(page.getByRole('link', { name: t.requests.exportCsv })).toHaveAttribute(
        'href',
        new RegExp(`from=${day}&to=${day}&dateField=confirmed`),
      )

      // From the day after: the visit is no longer in the range.
      await fillStaffDate(page, t.deskLists.from, nextDay(day), locale)
      await fillStaffDate(page, t.deskLists.to, nextDay(day), locale)
      await page.getByRole('button', { name: t.requests.searchButton, exact: true }).click()
      await expect(page.getByText(t.requests.noMatches)).toBeVisible()
      await expect(page.getByRole('link', { name: patient })).toHaveCount(0)

      // A day the month does not have: refused with the message, the parts kept as typed.
      const from = page.getByRole('group', { name: t.deskLists.from, exact: true })
      await from.getByLabel(t.solarDate.dateDay, { exact: true }).fill('۳۱')
      await from.getByLabel(t.solarDate.dateMonth, { exact: true }).selectOption({ label: solarMonthName(12, locale) })
      await page.getByRole('button', { name: t.requests.searchButton, exact: true }).click()
      await expect(page.getByRole('alert').filter({ hasText: t.deskLists.errors.invalidFrom })).toBeVisible()
      await expect(from.getByLabel(t.solarDate.dateDay, { exact: true })).toHaveValue(toEasternDigits('31'))
      await context.close()
    })
  }
}
