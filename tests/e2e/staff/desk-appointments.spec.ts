import { expect, test, type Browser, type Page } from '../support/test'
import { formatDate, formatGregorianDate, toEasternDigits } from '~/lib/i18n/dates'
import type { Locale } from '~/lib/i18n/locale'
import { kabulInstant } from '~/lib/requests/visit-time'
import { format, messagesFor } from '~/locales'
import { ensureStaff, sessionCookie, submitAppointment } from '../support/admin'
import { unique } from '../support/unique'
import { collectBrowserErrors, waitForHydration } from '../support/page'
import { expectStaffDate, fillStaffDate, openDay } from '../support/staff-date'

// The desk's work on an appointment: confirming it for a date and time in Kabul, rescheduling it
// with its history, notes, phone and walk-in bookings (with and without JavaScript), and the links
// to call the patient and to message them on WhatsApp, in English, Dari and Pashto. Each test makes its
// own account and requests (unique names), so it depends on no other spec.

const PASSWORD = 'juniper harbour 58 lantern'
const clinicName = (locale: Locale) => messagesFor(locale).common.brand.clinicName

function phoneDigits(): string {
  return String(Date.now() + Math.floor(Math.random() * 1000)).slice(-7)
}

async function deskAccount(browser: Browser, baseURL: string) {
  const username = unique('desk')
  const account = { username, displayName: `Desk ${username}`, password: PASSWORD, role: 'reception' }
  const context = await browser.newContext()
  await ensureStaff(context.request, baseURL, account)
  await context.close()
  return account
}

/** A browser signed in as the account; in Dari with the admin_lang cookie. */
async function signedIn(
  browser: Browser,
  baseURL: string,
  account: { username: string; password: string },
  lang: Locale,
  javaScriptEnabled = true,
) {
  const context = await browser.newContext({ javaScriptEnabled })
  const cookie = await sessionCookie(context.request, baseURL, account)
  const [name, value] = cookie.split('=') as [string, string]
  const cookies = [{ name, value, url: baseURL }]
  if (lang !== 'en') cookies.push({ name: 'admin_lang', value: lang, url: baseURL })
  await context.addCookies(cookies)
  return { context, page: await context.newPage() }
}

/** The text of the WhatsApp link's message. */
async function whatsappText(page: Page, label: string): Promise<string> {
  const link = page.getByRole('link', { name: label })
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(link).toHaveAttribute('rel', 'noopener')
  const href = (await link.getAttribute('href'))!
  expect(href).toMatch(/^https:\/\/wa\.me\/93\d{9}\?text=/)
  return decodeURIComponent(href.slice(href.indexOf('?text=') + 6))
}

function when(day: string, time: string, locale: Locale) {
  return formatDate(kabulInstant(day, time), locale, { withTime: true })
}

function clock(time: string, locale: Locale) {
  return locale === 'en' ? time : toEasternDigits(time)
}

for (const locale of ['en', 'fa', 'ps'] as const) {
  const m = messagesFor(locale).admin
  const desk = m.desk

  test(`${locale}: reception confirms a request for a date and time, reschedules it, sees the history and adds a note`, async ({
    browser,
    baseURL,
  }) => {
    const account = await deskAccount(browser, baseURL!)
    const patient = { name: `Desk E2E ${unique(locale)}`, phone: `078${phoneDigits()}` }
    const preferred = openDay(10)
    await submitAppointment(browser, { ...patient, date: preferred })

    const { context, page } = await signedIn(browser, baseURL!, account, locale)
    const errors = collectBrowserErrors(page)
    await page.goto(`/admin/patients?q=${encodeURIComponent(patient.name)}`)
    await page.getByRole('link', { name: patient.name }).click()
    await expect(page).toHaveURL(/\/admin\/patients\/\d+$/)
    await waitForHydration(page)
    const panel = page
      .locator('div[dir]')
      .filter({ has: page.getByRole('heading', { level: 1 }) })
      .first()
    await expect(panel).toHaveAttribute('dir', locale === 'en' ? 'ltr' : 'rtl')
    await expect(page.getByRole('heading', { name: desk.visit.title })).toBeVisible()
    await expect(page.getByText(desk.visit.none)).toBeVisible()

    // Calling and messaging the patient (in the language of the request: English here).
    const e164 = `+93${patient.phone.slice(1)}`
    await expect(page.getByRole('link', { name: format(desk.contact.call, { phone: e164 }) })).toHaveAttribute('href', `tel:${e164}`)
    const before = await whatsappText(page, desk.contact.whatsapp)
    expect(before.split('\n')[0]).toBe(
      format(messagesFor('en').admin.desk.patientMessage.request, {
        name: patient.name,
        clinic: clinicName('en'),
        date: formatDate(preferred, 'en'),
      }),
    )
    expect(before).not.toMatch(/confirmed/i)

    // 'Confirmed' in the status list needs a confirmed time first.
    await page.getByLabel(m.requests.status, { exact: true }).selectOption('confirmed')
    await page.getByRole('button', { name: m.requests.save, exact: true }).click()
    await expect(page.getByRole('alert').filter({ hasText: desk.errors.confirmNeedsTime })).toBeVisible()

    // Confirm: the date is the preferred one to begin with; the time is given in Kabul time.
    await expectStaffDate(page, desk.visit.date, preferred, locale)
    if (locale !== 'en') {
      // Read in the Solar Hijri calendar, with the Gregorian day beside it once chosen.
      const solar = formatDate(preferred, locale, { withGregorian: false })
      await expect(
        page.getByText(format(m.solarDate.dateGregorian, { solar, gregorian: formatGregorianDate(preferred, locale) })),
      ).toBeVisible()
    }
    await page.getByLabel(desk.visit.time).fill('09:00')
    await page.getByRole('button', { name: desk.visit.confirm }).click()
    await expect(page.getByText(desk.visit.confirmed).first()).toBeVisible()
    const current = page.getByTestId('confirmed-visit')
    await expect(current).toHaveText(format(desk.visit.current, { date: formatDate(preferred, locale), time: clock('09:00', locale) }))
    await expect(page.locator('[data-status]').first()).toHaveText(m.statuses.confirmed)

    // Reschedule to another day and time: the history shows who moved it, from and to.
    const later = openDay(12)
    await fillStaffDate(page, desk.visit.date, later, locale)
    await page.getByLabel(desk.visit.time).fill('10:30')
    await page.getByRole('button', { name: desk.visit.reschedule }).click()
    await expect(page.getByText(desk.visit.rescheduled).first()).toBeVisible()
    await expect(current).toHaveText(format(desk.visit.current, { date: formatDate(later, locale), time: clock('10:30', locale) }))
    const history = page.getByRole('table', { name: desk.visit.history })
    const rows = history.locator('tbody tr')
    await expect(rows).toHaveCount(2)
    await expect(rows.nth(0)).toContainText(account.displayName)
    await expect(rows.nth(0).locator('td').nth(2)).toHaveText(when(preferred, '09:00', locale))
    await expect(rows.nth(0).locator('td').nth(3)).toHaveText(when(later, '10:30', locale))
    await expect(rows.nth(1).locator('td').nth(2)).toHaveText(desk.visit.firstTime)

    // The WhatsApp message now says "confirmed", with the new time (the request was in English).
    const after = await whatsappText(page, desk.contact.whatsapp)
    const lines = after.split('\n')
    expect(lines[0]).toBe(
      format(messagesFor('en').admin.desk.patientMessage.confirmed, {
        name: patient.name,
        clinic: clinicName('en'),
        date: formatDate(later, 'en'),
        time: '10:30',
      }),
    )
    expect(lines[1]).toMatch(/^Address: \S/)
    expect(lines[2]).toMatch(/^Phone: \+/)

    // A note, shown with who wrote it; the box is empty again.
    const note = locale === 'en' ? 'Called back: coming at 10:30 with the X-ray.' : 'زنگ زدم: ساعت ۱۰:۳۰ با عکس می‌آید.'
    await page.getByLabel(desk.notes.label).fill(note)
    await page.getByRole('button', { name: desk.notes.add }).click()
    await expect(page.getByText(desk.notes.added).first()).toBeVisible()
    const notes = page.getByRole('list', { name: desk.notes.title })
    await expect(notes.getByRole('listitem').first()).toContainText(note)
    await expect(notes.getByRole('listitem').first()).toContainText(account.displayName)
    await expect(page.getByLabel(desk.notes.label)).toHaveValue('')

    // All of it is still there after a reload.
    await page.reload()
    await expect(rows).toHaveCount(2)
    await expect(notes.getByRole('listitem')).toHaveCount(1)
    // The refused 'confirmed' status above answered 400, which the browser reports.
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([])
    await context.close()
  })

  test(`${locale}: a walk-in is booked and confirmed at once from the desk; the WhatsApp text is in the patient's language`, async ({
    browser,
    baseURL,
  }) => {
    const account = await deskAccount(browser, baseURL!)
    const { context, page } = await signedIn(browser, baseURL!, account, locale)
    const errors = collectBrowserErrors(page)
    const patient = { name: `Walk-in E2E ${unique(locale)}`, phone: `079${phoneDigits()}` }
    const day = openDay(1)
    await page.goto('/admin/patients')
    await page.getByRole('link', { name: desk.booking.open }).click()
    await expect(page).toHaveURL(/\/admin\/patients\/new$/)
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1, name: desk.booking.title })).toBeVisible()
    await page.getByLabel(desk.booking.name).fill(patient.name)
    await page.getByLabel(desk.booking.phone).fill(patient.phone)
    await fillStaffDate(page, desk.booking.date, day, locale)
    await page.getByLabel(desk.booking.message).fill('Tooth ache')
    await page.getByLabel(desk.source['walk-in']).check()
    // The patient speaks Dari: the WhatsApp message is in Dari, whatever the panel's language.
    await page.getByLabel(desk.booking.locale).selectOption('fa')
    await page.getByLabel(desk.booking.confirmNow).check()
    await fillStaffDate(page, desk.visit.date, day, locale)
    await page.getByLabel(desk.visit.time).fill('11:15')
    await page.getByRole('button', { name: desk.booking.submit }).click()

    await expect(page).toHaveURL(/\/admin\/patients\/\d+$/)
    await expect(page.getByText(desk.booking.saved).first()).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.patients.detailTitle)
    await expect(page.locator('[data-source="walk-in"]').first()).toHaveText(desk.source['walk-in'])
    await expect(page.getByText(format(desk.source.enteredBy, { name: account.displayName }))).toBeVisible()
    await expect(page.getByTestId('confirmed-visit')).toHaveText(
      format(desk.visit.current, { date: formatDate(day, locale), time: clock('11:15', locale) }),
    )
    await expect(page.getByRole('table', { name: desk.visit.history }).locator('tbody tr')).toHaveCount(1)

    const text = await whatsappText(page, desk.contact.whatsapp)
    const fa = messagesFor('fa')
    expect(text.split('\n')[0]).toBe(
      format(fa.admin.desk.patientMessage.confirmed, {
        name: patient.name,
        clinic: clinicName('fa'),
        date: formatDate(day, 'fa'),
        time: '۱۱:۱۵',
      }),
    )
    // The Solar Hijri date with the Gregorian one in brackets, in Eastern digits.
    expect(text).toMatch(/[۰-۹]+ \S+ ۱۴[۰-۹]{2} \([۰-۹]+ \S+ ۲۰[۰-۹]{2}\)/)

    // It is in the list like any other request.
    await page.goto(`/admin/patients?q=${encodeURIComponent(patient.name)}`)
    await expect(page.getByRole('link', { name: patient.name })).toBeVisible()
    await expect(page.locator('[data-source="walk-in"]').first()).toHaveText(desk.source['walk-in'])
    expect(errors).toEqual([])
    await context.close()
  })

  test(`${locale}: a phone booking without JavaScript keeps what was typed when a value is refused`, async ({ browser, baseURL }) => {
    const account = await deskAccount(browser, baseURL!)
    const { context, page } = await signedIn(browser, baseURL!, account, locale, false)
    const patient = { name: `Phone E2E ${unique(locale)}`, phone: `077${phoneDigits()}` }
    const day = openDay(3)
    await page.goto('/admin/patients/new')
    await page.getByLabel(desk.booking.name).fill(patient.name)
    await page.getByLabel(desk.booking.phone).fill('12345')
    await page.getByLabel(desk.booking.email).fill('patient@example.org')
    await fillStaffDate(page, desk.booking.date, day, locale)
    await page.getByLabel(desk.booking.message).fill('Asks for the afternoon')
    await page.getByLabel(desk.booking.confirmNow).check()
    await fillStaffDate(page, desk.visit.date, day, locale)
    await page.getByLabel(desk.visit.time).fill('14:00')
    await page.getByRole('button', { name: desk.booking.submit }).click()

    // Refused: the phone's message beside it, everything typed still there.
    await expect(page).toHaveURL(/\/admin\/patients\/new$/)
    await expect(page.getByText(desk.errors.invalidTitle)).toBeVisible()
    await expect(page.getByText(messagesFor(locale).forms.errors.phoneInvalid)).toBeVisible()
    await expect(page.getByLabel(desk.booking.name)).toHaveValue(patient.name)
    await expect(page.getByLabel(desk.booking.phone)).toHaveValue('12345')
    await expect(page.getByLabel(desk.booking.email)).toHaveValue('patient@example.org')
    await expectStaffDate(page, desk.booking.date, day, locale)
    await expectStaffDate(page, desk.visit.date, day, locale)
    await expect(page.getByLabel(desk.booking.message)).toHaveValue('Asks for the afternoon')
    await expect(page.getByLabel(desk.source.phone)).toBeChecked()
    await expect(page.getByLabel(desk.booking.confirmNow)).toBeChecked()
    await expect(page.getByLabel(desk.visit.time)).toHaveValue('14:00')

    await page.getByLabel(desk.booking.phone).fill(patient.phone)
    await page.getByRole('button', { name: desk.booking.submit }).click()
    await expect(page).toHaveURL(/\/admin\/patients\/\d+(\?booked=1)?$/)
    await expect(page.locator('[data-source="phone"]').first()).toHaveText(desk.source.phone)
    await expect(page.getByTestId('confirmed-visit')).toHaveText(
      format(desk.visit.current, { date: formatDate(day, locale), time: clock('14:00', locale) }),
    )
    await expect(page.getByRole('link', { name: format(desk.contact.call, { phone: `+93${patient.phone.slice(1)}` }) })).toBeVisible()
    await context.close()
  })
}
