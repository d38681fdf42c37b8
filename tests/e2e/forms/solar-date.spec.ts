import { expect, test, type APIRequestContext, type Locator, type Page } from '../support/test'
import { formatPreferredDate } from '~/lib/i18n/format-date'
import { kabulToday, oneYearLater } from '~/lib/forms/shared'
import { isoDateToSolarParts } from '~/lib/i18n/solar-date'
import { formatDate, formatGregorianDate, solarMonthName } from '~/lib/i18n/dates'
import { toEasternDigits } from '~/lib/i18n/digits'
import { format, messagesFor } from '~/locales'
import { parseCsv } from '../../security/support/csv'
import { ADMIN, sessionCookie, ensureAccounts } from '../support/admin'
import { expectNoBrowserErrors } from '../support/browser-errors'
import { waitForHydration } from '../support/page'
import { fillSolarDate, kabulDay, offeredSolarYears, solarDateFields, type SolarLocale } from '../support/solar-date'

// The preferred date of the Dari and Pashto appointment forms (docs/product.md#forms): a Solar
// Hijri day, month and year, with Eastern digits and either kind typed, the Gregorian date shown
// beside it, only the bookable years offered, checked in the browser and by the server, stored as
// the Gregorian date, and written in the Solar Hijri calendar in the WhatsApp message. Every date
// is counted from today in Kabul, so the spec runs on any day; every request has its own name.

const LOCALES = ['fa', 'ps'] as const satisfies readonly SolarLocale[]

/** A name no other test uses, so that the stored row can be found by it. */
function uniqueName(locale: SolarLocale): string {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')
  return `Solar ${locale} ${letters}`
}

/** The appointment form on the page (not the language switcher's or the chat's). */
function appointmentForm(page: Page): Locator {
  return page.locator('[data-form="appointment"] form')
}

/** The notice or success panel above the form. */
function formNotice(page: Page): Locator {
  return page.locator('[data-form="appointment"] [data-variant]')
}

/** The live line under the date that names it in both calendars. */
function gregorianHint(page: Page): Locator {
  return appointmentForm(page).locator('fieldset[name="date"] [aria-live="polite"]')
}

function expectedHint(locale: SolarLocale, isoDate: string): string {
  return format(messagesFor(locale).forms.appointment.dateGregorian, {
    solar: formatDate(isoDate, locale, { withGregorian: false }),
    gregorian: formatGregorianDate(isoDate, locale),
  })
}

/** The text of a wa.me link's message. */
function whatsappMessage(href: string | null): string {
  const url = new URL(href ?? '')
  expect(url.host).toBe('wa.me')
  return url.searchParams.get('text') ?? ''
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The row the server stored for a name, as the staff's CSV export has it (the exact stored values). */
async function storedAppointment(request: APIRequestContext, baseURL: string, name: string) {
  const cookie = await sessionCookie(request, baseURL, ADMIN)
  const response = await request.get(`/admin/patients/export?q=${encodeURIComponent(name)}`, { headers: { Cookie: cookie } })
  expect(response.status()).toBe(200)
  const [header, ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, ''))
  const column = (label: string) => header!.indexOf(label)
  const mine = rows.filter((row) => row[column('Full Name')] === name)
  expect(mine, `one stored request named ${name}`).toHaveLength(1)
  // The export names the language ('Dari'); the test compares its code.
  const languages = Object.entries(messagesFor('en').admin.csvExport.languages)
  const locale = languages.find(([, label]) => label === mine[0]![column('Language')])?.[0]
  return { date: mine[0]![column('Preferred Date')], locale }
}

/**
 * Dates just outside the bookable range with the error each gets: yesterday (in the past) and the
 * day after the last bookable one (too far). Only those whose Solar Hijri year the form offers can
 * be picked (yesterday's year is not offered on 1 Hamal, nor the next day's when a year ahead is
 * the last day of a year); on any day at least one of the two is.
 */
function outOfRangeDates(): { isoDate: string; error: 'datePast' | 'dateTooFar' }[] {
  const last = oneYearLater(kabulToday())
  const dayAfterLast = new Date(`${last}T00:00:00Z`)
  dayAfterLast.setUTCDate(dayAfterLast.getUTCDate() + 1)
  const candidates = [
    { isoDate: kabulDay(-1), error: 'datePast' as const },
    { isoDate: dayAfterLast.toISOString().slice(0, 10), error: 'dateTooFar' as const },
  ]
  const years = offeredSolarYears()
  const offered = candidates.filter(({ isoDate }) => years.includes(Number(isoDateToSolarParts(isoDate).year)))
  expect(offered.length).toBeGreaterThan(0)
  return offered
}

test.beforeAll(async ({ baseURL }) => {
  // The stored rows are read through the staff export: the first administrator must exist.
  await ensureAccounts(baseURL!)
})

for (const locale of LOCALES) {
  const texts = messagesFor(locale).forms
  const t = texts.appointment

  test.describe(`/${locale}: with JavaScript`, () => {
    expectNoBrowserErrors({ ignore: /Failed to load resource/ })
    test.beforeEach(async ({ context }) => {
      // The WhatsApp message opens in a new tab: keep the test off the internet.
      await context.route(/wa\.me|whatsapp\.com/, (route) => route.fulfill({ status: 204, body: '' }))
    })

    test('typed Eastern digits and a picked month and year show the Gregorian date; the request is stored with it', async ({
      page,
      request,
      baseURL,
    }) => {
      const name = uniqueName(locale)
      const target = kabulDay(12)
      await page.goto(`/${locale}/clinic/appointment`)
      await waitForHydration(page)
      const form = appointmentForm(page)
      const fields = solarDateFields(form, locale)

      // A group named by the date's label; the twelve Afghan months; only the bookable years, in Eastern digits.
      await expect(fields.group).toBeVisible()
      await expect(form.locator('input[type="date"]')).toHaveCount(0)
      const months = Array.from({ length: 12 }, (_, index) => solarMonthName(index + 1, locale))
      expect(months.slice(0, 3)).toEqual(locale === 'fa' ? ['حمل', 'ثور', 'جوزا'] : ['وری', 'غویی', 'غبرګولی'])
      await expect(fields.month.locator('option')).toHaveText([t.dateMonthChoose, ...months])
      await expect(fields.year.locator('option')).toHaveText(offeredSolarYears().map((year) => toEasternDigits(year)))
      await expect(fields.day).toHaveAttribute('inputmode', 'numeric')
      const today = kabulToday()
      await expect(fields.group).toContainText(
        format(t.dateHelp, {
          first: formatDate(today, locale, { withGregorian: false }),
          last: formatDate(oneYearLater(today), locale, { withGregorian: false }),
        }),
      )

      await form.getByLabel(t.name).fill(name)
      await form.getByLabel(t.phone).fill('۰۷۰۱۲۳۴۵۶۷')
      await fillSolarDate(form, locale, target, { typed: true })
      await expect(fields.day).toHaveValue(toEasternDigits(isoDateToSolarParts(target).day))
      await expect(gregorianHint(page)).toHaveText(expectedHint(locale, target))

      await form.getByRole('button', { name: t.submit }).click()
      const panel = formNotice(page)
      await expect(panel).toContainText(t.successTitle)
      // Repeated in the Solar Hijri calendar with the Gregorian date in brackets.
      await expect(panel).toContainText(formatPreferredDate(target, locale))
      const message = whatsappMessage(await panel.getByRole('link', { name: t.whatsappLink }).getAttribute('href'))
      expect(message.split('\n')).toContain(`${texts.whatsapp.date}: ${formatPreferredDate(target, locale)}`)
      expect(message).not.toContain(target)
      // The form is empty again, and so is the hint.
      await expect(fields.day).toHaveValue('')
      await expect(gregorianHint(page)).toHaveText('')

      expect(await storedAppointment(request, baseURL!, name)).toEqual({ date: target, locale })
    })

    test('Western digits become Eastern ones; a day the month does not have is refused in the browser, on the day', async ({ page }) => {
      let posted = 0
      page.on('request', (sent) => {
        if (sent.method() === 'POST') posted++
      })
      await page.goto(`/${locale}/clinic/appointment`)
      await waitForHydration(page)
      const form = appointmentForm(page)
      const fields = solarDateFields(form, locale)
      await form.getByLabel(t.name).fill(uniqueName(locale))
      await form.getByLabel(t.phone).fill('0701234567')
      await fields.day.pressSequentially('31')
      await expect(fields.day).toHaveValue('۳۱')
      // Mizan (Libra) has 30 days.
      await fields.month.selectOption({ label: solarMonthName(7, locale) })
      await fields.year.selectOption({ label: toEasternDigits(offeredSolarYears()[0]!) })
      await expect(gregorianHint(page)).toHaveText('')

      await form.getByRole('button', { name: t.submit }).click()
      await expect(formNotice(page)).toContainText(texts.notices.invalidTitle)
      await expect(fields.group).toContainText(texts.errors.dateInvalid)
      await expect(fields.day).toBeFocused()
      await expect(fields.day).toHaveAttribute('aria-invalid', 'true')
      await expect(fields.day).toHaveAccessibleDescription(new RegExp(escapeRegExp(texts.errors.dateInvalid)))
      await expect(fields.month).not.toHaveAttribute('aria-invalid', 'true')
      await expect(fields.month).toHaveValue('7')
      expect(posted).toBe(0)

      // An empty date: the Incomplete Form notice, the day and the month marked.
      await fields.day.clear()
      await fields.month.selectOption('')
      await form.getByRole('button', { name: t.submit }).click()
      await expect(formNotice(page)).toContainText(t.incompleteTitle)
      await expect(fields.group).toContainText(texts.errors.dateRequired)
      await expect(fields.day).toBeFocused()
      await expect(fields.month).toHaveAttribute('aria-invalid', 'true')
      expect(posted).toBe(0)
    })

    test('a date outside the bookable range is refused, with the date named in both calendars', async ({ page }) => {
      await page.goto(`/${locale}/clinic/appointment`)
      await waitForHydration(page)
      const form = appointmentForm(page)
      const fields = solarDateFields(form, locale)
      await form.getByLabel(t.name).fill(uniqueName(locale))
      await form.getByLabel(t.phone).fill('0701234567')
      for (const { isoDate, error } of outOfRangeDates()) {
        await fillSolarDate(form, locale, isoDate)
        await expect(gregorianHint(page)).toHaveText(expectedHint(locale, isoDate))
        await form.getByRole('button', { name: t.submit }).click()
        await expect(fields.group).toContainText(texts.errors[error])
        for (const part of [fields.day, fields.month, fields.year]) await expect(part).toHaveAttribute('aria-invalid', 'true')
        await expect(fields.day).toBeFocused()
      }
      await expect(formNotice(page)).not.toContainText(t.successTitle)
    })
  })

  test.describe(`/${locale}: without JavaScript`, () => {
    test.use({ javaScriptEnabled: false })

    test('the server refuses a day the month does not have, keeps every value, then stores the corrected date', async ({
      page,
      request,
      baseURL,
    }) => {
      const name = uniqueName(locale)
      const target = kabulDay(20)
      const firstYear = offeredSolarYears()[0]!
      await page.goto(`/${locale}/clinic/appointment`)
      const form = appointmentForm(page)
      const fields = solarDateFields(form, locale)
      await form.getByLabel(t.name).fill(name)
      await form.getByLabel(t.phone).fill('۰۷۰۱۲۳۴۵۶۷')
      await fields.day.fill('۳۱')
      await fields.month.selectOption({ label: solarMonthName(7, locale) })
      await fields.year.selectOption({ label: toEasternDigits(firstYear) })
      const [refused] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST'),
        form.getByRole('button', { name: t.submit }).click(),
      ])
      expect(refused.status()).toBe(400)
      await expect(formNotice(page)).toHaveAttribute('role', 'alert')
      await expect(formNotice(page)).toContainText(texts.notices.invalidTitle)
      await expect(fields.group).toContainText(texts.errors.dateInvalid)
      await expect(fields.day).toHaveAttribute('aria-invalid', 'true')
      await expect(fields.day).toHaveAccessibleDescription(new RegExp(escapeRegExp(texts.errors.dateInvalid)))
      // Everything typed is kept.
      await expect(fields.day).toHaveValue('۳۱')
      await expect(fields.month).toHaveValue('7')
      await expect(fields.year).toHaveValue(String(firstYear))
      await expect(form.getByLabel(t.name)).toHaveValue(name)

      // Western digits are read as well.
      await fillSolarDate(form, locale, target, { digits: 'western' })
      const [accepted] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST'),
        form.getByRole('button', { name: t.submit }).click(),
      ])
      expect(accepted.status()).toBe(200)
      const panel = formNotice(page)
      await expect(panel).toContainText(t.successTitle)
      await expect(panel).toContainText(formatPreferredDate(target, locale))
      const message = whatsappMessage(await panel.getByRole('link', { name: t.whatsappLink }).getAttribute('href'))
      expect(message.split('\n')).toContain(`${texts.whatsapp.date}: ${formatPreferredDate(target, locale)}`)
      expect(await storedAppointment(request, baseURL!, name)).toEqual({ date: target, locale })
    })

    test('the server refuses an empty date and a date outside the bookable range, keeping the values', async ({ page }) => {
      const name = uniqueName(locale)
      await page.goto(`/${locale}/clinic/appointment`)
      const form = appointmentForm(page)
      const fields = solarDateFields(form, locale)
      await form.getByLabel(t.name).fill(name)
      await form.getByLabel(t.phone).fill('0701234567')
      await form.getByRole('button', { name: t.submit }).click()
      await expect(formNotice(page)).toContainText(t.incompleteTitle)
      await expect(fields.group).toContainText(texts.errors.dateRequired)
      await expect(fields.day).toHaveAttribute('aria-invalid', 'true')
      await expect(fields.month).toHaveAttribute('aria-invalid', 'true')
      await expect(fields.year).not.toHaveAttribute('aria-invalid', 'true')

      for (const { isoDate, error } of outOfRangeDates()) {
        const parts = isoDateToSolarParts(isoDate)
        await fillSolarDate(form, locale, isoDate)
        const [response] = await Promise.all([
          page.waitForResponse((answer) => answer.request().method() === 'POST'),
          form.getByRole('button', { name: t.submit }).click(),
        ])
        expect(response.status()).toBe(400)
        await expect(fields.group).toContainText(texts.errors[error])
        // The server names the refused day in both calendars, without JavaScript as with it.
        await expect(gregorianHint(page)).toHaveText(expectedHint(locale, isoDate))
        await expect(fields.day).toHaveValue(toEasternDigits(parts.day))
        await expect(fields.month).toHaveValue(parts.month)
        await expect(fields.year).toHaveValue(parts.year)
        await expect(form.getByLabel(t.name)).toHaveValue(name)
      }
    })
  })
}
