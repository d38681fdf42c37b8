import { expect, test, type BrowserContext, type Page } from '../support/test'
import { accessibilityProblems } from '../support/axe'
import pg from 'pg'
import { formatPreferredDate } from '~/lib/i18n/format-date'
import { isDataPath } from '~/lib/platform/data-requests'
import { messagesFor } from '~/locales'
import { expectNoBrowserErrors } from '../support/browser-errors'
import { waitForHydration } from '../support/page'
import { kabulDay } from '../support/solar-date'
import { uniqueName } from '../support/unique'

// The appointment form (clinic) and the course registration form (academy), with JavaScript and
// without (docs/product.md#forms): states, validation, the WhatsApp message, the notices,
// server-side validation, one row per submission, the WhatsApp tab after a save.

const en = messagesFor('en')
const fa = messagesFor('fa')
const ps = messagesFor('ps')

/** The English notices, word for word as the product promises them. */
const PROMISED = {
  incompleteTitle: 'Incomplete Form',
  incompleteAppointment: 'Please fill out your name, phone, and preferred date.',
  appointmentSuccess: '✅ Appointment Request Sent!',
  appointmentSuccessText: "We've received your request and will contact you shortly to confirm.",
  registrationSuccess: '✅ Registration Submitted!',
  submissionError: 'Submission Error',
  appointmentError: 'Could not save your appointment. Please try again.',
  submitting: 'Submitting...',
}

/**
 * Rows with this name in the run's database, or null when the run uses the embedded database
 * (then only what the page shows can be checked). With E2E_DATABASE_URL the server's database is
 * e2e_<pid of the test runner>; the unique name finds the rows in whichever run database has them.
 */
async function countRows(table: 'appointments' | 'registrations', name: string): Promise<number | null> {
  const serverUrl = process.env.E2E_DATABASE_URL
  if (!serverUrl) return null
  const url = new URL(serverUrl)
  url.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: url.toString() })
  await admin.connect()
  const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'e2e\\_%'")
  await admin.end()
  let count = 0
  for (const { datname } of rows) {
    url.pathname = `/${datname}`
    const client = new pg.Client({ connectionString: url.toString() })
    try {
      await client.connect()
      const result = await client.query<{ n: string }>(`select count(*) as n from ${table} where name = $1`, [name])
      count += Number(result.rows[0]?.n ?? 0)
    } catch {
      // A run database that is not migrated yet, or just dropped.
    } finally {
      await client.end().catch(() => {})
    }
  }
  return count
}

async function expectRows(table: 'appointments' | 'registrations', name: string, expected: number) {
  const count = await countRows(table, name)
  if (count !== null) expect(count, `${table} named ${name}`).toBe(expected)
}

/** wa.me cannot be reached from the test machine: answer it with a stub page. */
async function stubWhatsapp(context: BrowserContext) {
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>WhatsApp</title><p>WhatsApp</p>' }),
  )
}

function whatsappText(url: string): { number: string; text: string | null } {
  const parsed = new URL(url)
  expect(parsed.host).toBe('wa.me')
  return { number: parsed.pathname.slice(1), text: parsed.searchParams.get('text') }
}

/** Waits for the tab the form opens and for it to reach the WhatsApp address. */
async function whatsappTab(context: BrowserContext, submit: () => Promise<void>) {
  const [tab] = await Promise.all([context.waitForEvent('page'), submit()])
  await tab.waitForURL(/^https:\/\/wa\.me\//)
  return tab
}

/** The public form on the page (not the language switcher's or the chat's). */
function publicForm(page: Page) {
  return page.locator('form:has(input[name="token"])')
}

function field(page: Page, label: string) {
  return publicForm(page).getByLabel(label)
}

async function fillAppointment(page: Page, values: { name?: string; phone?: string; email?: string; date?: string; message?: string }) {
  if (values.name !== undefined) await field(page, 'Full Name').fill(values.name)
  if (values.phone !== undefined) await field(page, 'Phone Number').fill(values.phone)
  if (values.email !== undefined) await field(page, 'Email').fill(values.email)
  if (values.date !== undefined) await field(page, 'Preferred Date').fill(values.date)
  if (values.message !== undefined) await field(page, 'Message').fill(values.message)
}

async function fillRegistration(
  page: Page,
  values: { name?: string; phone?: string; email?: string; address?: string; education?: string },
) {
  if (values.name !== undefined) await field(page, 'Full Name').fill(values.name)
  if (values.email !== undefined) await field(page, 'Email').fill(values.email)
  if (values.phone !== undefined) await field(page, 'Phone Number').fill(values.phone)
  if (values.address !== undefined) await field(page, 'Address').fill(values.address)
  if (values.education !== undefined) await field(page, 'Highest Level of Education').fill(values.education)
}

/** Serious or critical axe findings inside the public form and its notice. */
function formAccessibilityProblems(page: Page): Promise<string[]> {
  return accessibilityProblems(page, { include: '[data-form]' })
}

/** The notice or panel above the form (the toast, with JavaScript, says the same). */
function formNotice(page: Page) {
  return publicForm(page).locator('xpath=preceding-sibling::*[@data-variant]')
}

test.describe('with JavaScript', () => {
  expectNoBrowserErrors({ ignore: /Failed to load resource/ })
  test.beforeEach(async ({ context }) => {
    await stubWhatsapp(context)
  })

  test('an appointment request is saved, opens the WhatsApp message and resets the form', async ({ page, context }) => {
    const name = uniqueName('Ahmad')
    const date = kabulDay(3)
    await page.goto('/clinic/appointment')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1, name: en.clinic.appointmentPage.title })).toBeVisible()
    await fillAppointment(page, { name, phone: '070 123 4567', date })

    const tab = await whatsappTab(context, () => page.getByRole('button', { name: 'Request Appointment' }).click())
    expect(whatsappText(tab.url())).toEqual({
      number: '93700000000',
      text: [
        '*New Appointment Request*',
        `Name: ${name}`,
        'Phone: +93701234567',
        'Email: N/A',
        `Preferred Date: ${date}`,
        'Message: N/A',
      ].join('\n'),
    })

    const panel = formNotice(page)
    await expect(panel).toContainText(PROMISED.appointmentSuccess)
    await expect(panel).toContainText(PROMISED.appointmentSuccessText)
    await expect(panel).toBeFocused()
    await expect(page.getByRole('status').filter({ hasText: PROMISED.appointmentSuccess })).toBeVisible()
    await expect(panel.getByRole('link', { name: en.forms.appointment.whatsappLink })).toHaveAttribute('href', tab.url())
    await expect(panel.getByRole('link', { name: en.forms.appointment.whatsappLink })).toHaveAttribute('target', '_blank')
    // The form is empty again and ready for another request.
    await expect(field(page, 'Full Name')).toHaveValue('')
    await expect(field(page, 'Phone Number')).toHaveValue('')
    await expect(field(page, 'Preferred Date')).toHaveValue('')
    await expectRows('appointments', name, 1)
  })

  test('missing fields show the Incomplete Form notice and the field messages, keep the values and send nothing', async ({
    page,
    context,
  }) => {
    let posted = 0
    page.on('request', (request) => {
      if (request.method() === 'POST') posted++
    })
    let tabs = 0
    context.on('page', () => tabs++)
    await page.goto('/clinic/appointment')
    await waitForHydration(page)
    await fillAppointment(page, { email: 'kept@example.com', message: 'A message to keep' })
    await page.getByRole('button', { name: 'Request Appointment' }).click()

    const notice = formNotice(page)
    await expect(notice).toContainText(PROMISED.incompleteTitle)
    await expect(notice).toContainText(PROMISED.incompleteAppointment)
    await expect(page.getByRole('alert').filter({ hasText: PROMISED.incompleteTitle })).toBeVisible()
    await expect(page.getByText(en.forms.errors.nameRequired)).toBeVisible()
    await expect(page.getByText(en.forms.errors.phoneRequired)).toBeVisible()
    await expect(page.getByText(en.forms.errors.dateRequired)).toBeVisible()
    const nameInput = field(page, 'Full Name')
    await expect(nameInput).toHaveAttribute('aria-invalid', 'true')
    await expect(nameInput).toHaveAccessibleDescription(en.forms.errors.nameRequired)
    await expect(nameInput).toBeFocused()
    await expect(field(page, 'Email')).not.toHaveAttribute('aria-invalid', 'true')
    await expect(field(page, 'Email')).toHaveValue('kept@example.com')
    await expect(field(page, 'Message')).toHaveValue('A message to keep')
    expect(posted).toBe(0)
    expect(tabs).toBe(0)
  })

  test('an invalid phone number and e-mail are explained next to the fields', async ({ page }) => {
    await page.goto('/clinic/appointment')
    await waitForHydration(page)
    await fillAppointment(page, { name: uniqueName('Bad'), phone: '070 12', email: 'not-an-email', date: kabulDay(1) })
    await page.getByRole('button', { name: 'Request Appointment' }).click()
    await expect(page.getByText(en.forms.errors.phoneInvalid)).toBeVisible()
    await expect(page.getByText(en.forms.errors.emailInvalid)).toBeVisible()
    await expect(field(page, 'Phone Number')).toBeFocused()
    await expect(field(page, 'Phone Number')).toHaveValue('070 12')
  })

  test('while submitting, the button says Submitting... and the fields are disabled', async ({ page, context }) => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/clinic/appointment.data*', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/clinic/appointment')
    await waitForHydration(page)
    await fillAppointment(page, { name: uniqueName('Patient'), phone: '+93 70 123 4567', date: kabulDay(2) })
    const tab = context.waitForEvent('page')
    await page.getByRole('button', { name: 'Request Appointment' }).click()
    await expect(page.getByRole('button', { name: PROMISED.submitting })).toBeDisabled()
    await expect(field(page, 'Full Name')).toBeDisabled()
    await expect(field(page, 'Message')).toBeDisabled()
    release()
    await (await tab).waitForURL(/wa\.me/)
    await expect(page.getByRole('button', { name: 'Request Appointment' })).toBeEnabled()
    await expect(formNotice(page)).toContainText(PROMISED.appointmentSuccess)
  })

  test('a double click sends one request and stores one row', async ({ page, context }) => {
    const name = uniqueName('Double')
    let posted = 0
    page.on('request', (request) => {
      if (request.method() === 'POST') posted++
    })
    await page.goto('/clinic/appointment')
    await waitForHydration(page)
    await fillAppointment(page, { name, phone: '0791234567', date: kabulDay(4) })
    await whatsappTab(context, () => page.getByRole('button', { name: 'Request Appointment' }).dblclick())
    await expect(formNotice(page)).toContainText(PROMISED.appointmentSuccess)
    expect(posted).toBe(1)
    await expectRows('appointments', name, 1)
  })

  test('a request lost on the network is sent again with the same token, and saved once', async ({ page, context }) => {
    const name = uniqueName('Retry')
    const bodies: string[] = []
    await page.route('**/clinic/appointment.data*', async (route) => {
      bodies.push(route.request().postData() ?? '')
      // The first attempt reaches the server (and is saved), but its answer is lost.
      if (bodies.length === 1) {
        await route.fetch()
        await route.abort('connectionreset')
      } else await route.continue()
    })
    await page.goto('/clinic/appointment')
    await waitForHydration(page)
    await fillAppointment(page, { name, phone: '0701234567', date: kabulDay(5) })
    await whatsappTab(context, () => page.getByRole('button', { name: 'Request Appointment' }).click())
    await expect(formNotice(page)).toContainText(PROMISED.appointmentSuccess)
    expect(bodies).toHaveLength(2)
    expect(bodies[1]).toBe(bodies[0])
    await expectRows('appointments', name, 1)
  })

  test("a proxy's 502 is retried once; when it persists the request is kept on the phone with its values", async ({ page, context }) => {
    let attempts = 0
    // The form's sends, and the worker's (Background Sync tries a kept request at once): all get the proxy's page.
    await context.route('**/clinic/appointment*', (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      if (isDataPath(new URL(route.request().url()).pathname)) attempts++
      return route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' })
    })
    const opened: Page[] = []
    context.on('page', (tab) => opened.push(tab))
    const name = uniqueName('Gateway')
    await page.goto('/clinic/appointment')
    await waitForHydration(page)
    await fillAppointment(page, { name, phone: '0701234567', date: kabulDay(6) })
    await page.getByRole('button', { name: 'Request Appointment' }).click()
    // Kept on this phone, to be sent when the connection works (docs/decisions/022-offline.md).
    const kept = page.locator('[data-kept="waiting"]')
    await expect(kept).toContainText('Saved on this phone')
    await expect(kept).toContainText('It will be sent when you are online')
    await expect(kept).toBeFocused()
    expect(attempts).toBe(2)
    await expect(field(page, 'Full Name')).toHaveValue(name)
    await expect(field(page, 'Full Name')).toBeEnabled()
    // The tab opened for WhatsApp during the click is closed again.
    await expect.poll(() => opened.every((tab) => tab.isClosed())).toBe(true)
    await expectRows('appointments', name, 0)
  })

  test('a form the browser sent before the scripts ran comes back answered, and the page hydrates with the answer', async ({
    page,
    context,
  }) => {
    const name = uniqueName('Early')
    await page.goto('/clinic')
    await waitForHydration(page)
    await fillAppointment(page, { name, email: 'early@' })
    // Sent by the browser itself, as when the scripts have not run yet: the form's own submit.
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === 'POST'),
      publicForm(page).evaluate((form: HTMLFormElement) => form.submit()),
    ])
    expect(response.status()).toBe(400)
    expect(response.headers()['cache-control']).toBe('no-store')
    await waitForHydration(page)
    // The answer survives hydration: the notice, the messages and what was typed.
    await expect(formNotice(page)).toContainText(PROMISED.incompleteTitle)
    await expect(publicForm(page).getByText(en.forms.errors.phoneRequired)).toBeVisible()
    await expect(field(page, 'Full Name')).toHaveValue(name)
    await expect(field(page, 'Email')).toHaveValue('early@')
    // Another language keeps the page's own address, not the form action's.
    await expect(page.locator('input[name="redirectTo"]').first()).toHaveValue('/clinic')

    // The page works with its scripts now: the corrected form is sent by them, and saved once.
    await fillAppointment(page, { phone: '0701234567', email: '', date: kabulDay(5) })
    let reloads = 0
    page.on('framenavigated', () => reloads++)
    await whatsappTab(context, () => page.getByRole('button', { name: 'Request Appointment' }).click())
    await expect(formNotice(page)).toContainText(PROMISED.appointmentSuccess)
    expect(reloads).toBe(0)
    await expectRows('appointments', name, 1)
  })

  test('a saved form the browser sent before the scripts ran is answered with the cached page, which hydrates with the thanks', async ({
    page,
    context,
  }) => {
    const name = uniqueName('Early saved')
    await page.goto('/clinic')
    await waitForHydration(page)
    await fillAppointment(page, { name, phone: '0701234567', date: kabulDay(6) })
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === 'POST'),
      publicForm(page).evaluate((form: HTMLFormElement) => form.submit()),
    ])
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toBe('no-store')
    // The cached copy's policy: its inline scripts by their hashes, no nonce of this response.
    expect(response.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/)
    expect(response.headers()['content-security-policy']).not.toContain("'nonce-")
    await waitForHydration(page)
    await expect(formNotice(page)).toContainText(PROMISED.appointmentSuccess)
    await expect(formNotice(page)).toHaveAttribute('role', 'status')
    await expect(field(page, 'Full Name')).toHaveValue('')
    await expectRows('appointments', name, 1)

    // The hydrated form sends the next request with its scripts, without a page load.
    const next = uniqueName('Early next')
    await fillAppointment(page, { name: next, phone: '0701234568', date: kabulDay(7) })
    let reloads = 0
    page.on('framenavigated', () => reloads++)
    await whatsappTab(context, () => page.getByRole('button', { name: 'Request Appointment' }).click())
    await expect(formNotice(page)).toContainText(PROMISED.appointmentSuccess)
    expect(reloads).toBe(0)
    await expectRows('appointments', next, 1)
  })

  test('the clinic homepage form posts through the same action', async ({ page, context }) => {
    const name = uniqueName('Home')
    await page.goto('/clinic')
    await waitForHydration(page)
    await fillAppointment(page, { name, phone: '0701234567', date: kabulDay(7) })
    const tab = await whatsappTab(context, () => page.getByRole('button', { name: 'Request Appointment' }).click())
    expect(whatsappText(tab.url()).text).toContain(`Name: ${name}`)
    await expect(formNotice(page)).toContainText(PROMISED.appointmentSuccess)
    await expectRows('appointments', name, 1)
  })

  test('both forms are accessible empty, with errors and after a success', async ({ page, context }) => {
    for (const [path, submit] of [
      ['/clinic/appointment', 'Request Appointment'],
      ['/academy/register', 'Submit Registration'],
    ] as const) {
      await page.goto(path)
      await waitForHydration(page)
      expect(await formAccessibilityProblems(page), `${path} empty`).toEqual([])
      await page.getByRole('button', { name: submit }).click()
      await expect(formNotice(page)).toBeVisible()
      expect(await formAccessibilityProblems(page), `${path} with errors`).toEqual([])
    }
    await page.goto('/clinic/appointment')
    await waitForHydration(page)
    await fillAppointment(page, { name: uniqueName('Axe'), phone: '0701234567', date: kabulDay(2) })
    await whatsappTab(context, () => page.getByRole('button', { name: 'Request Appointment' }).click())
    await expect(formNotice(page)).toContainText(PROMISED.appointmentSuccess)
    expect(await formAccessibilityProblems(page), 'after a success').toEqual([])
  })

  test('a course registration preselects the course from the address and thanks the person by name', async ({ page, context }) => {
    const name = uniqueName('Mariam')
    await page.goto('/academy/register?course=cpr')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1, name: en.academy.registerPage.title })).toBeVisible()
    await expect(field(page, 'Course')).toHaveValue('cpr')
    await fillRegistration(page, {
      name,
      email: 'mariam@example.com',
      phone: '۰۷۹ ۱۲۳ ۴۵۶۷',
      address: 'Karte 3, Kabul',
      education: 'High school graduate',
    })
    const tab = await whatsappTab(context, () => page.getByRole('button', { name: 'Submit Registration' }).click())
    expect(whatsappText(tab.url()).text).toBe(
      [
        '*New Course Registration*',
        `Name: ${name}`,
        'Email: mariam@example.com',
        'Phone: +93791234567',
        'Address: Karte 3, Kabul',
        'Education: High school graduate',
        'Course: Advanced CPR Training',
      ].join('\n'),
    )
    const panel = formNotice(page)
    await expect(panel).toContainText(PROMISED.registrationSuccess)
    await expect(panel).toContainText(`Thank you, ${name}!`)
    await expect(panel).toContainText('Advanced CPR Training')
    await expect(field(page, 'Full Name')).toHaveValue('')
    await expectRows('registrations', name, 1)
  })

  test('the registration form defaults to Diploma in Dentistry and requires every field', async ({ page }) => {
    await page.goto('/academy/register')
    await waitForHydration(page)
    await expect(field(page, 'Course')).toHaveValue('diplomaDentistry')
    await expect(field(page, 'Course').locator('option:checked')).toHaveText('Diploma in Dentistry')
    await fillRegistration(page, { address: 'Kept address' })
    await page.getByRole('button', { name: 'Submit Registration' }).click()
    const notice = formNotice(page)
    await expect(notice).toContainText(PROMISED.incompleteTitle)
    await expect(notice).toContainText(en.forms.registration.incompleteText)
    for (const message of [
      en.forms.errors.nameRequired,
      en.forms.errors.emailRequired,
      en.forms.errors.phoneRequired,
      en.forms.errors.educationRequired,
    ]) {
      await expect(page.getByText(message)).toBeVisible()
    }
    await expect(field(page, 'Address')).toHaveValue('Kept address')
    await expect(field(page, 'Full Name')).toBeFocused()
  })

  test('in Dari, the WhatsApp message has Dari labels and the course name in Dari', async ({ page, context }) => {
    const name = uniqueName('Zahra')
    await page.goto('/fa/academy/register?course=radiology')
    await waitForHydration(page)
    const labels = fa.forms.registration
    await publicForm(page).getByLabel(labels.name).fill(name)
    await publicForm(page).getByLabel(labels.email).fill('zahra@example.com')
    await publicForm(page).getByLabel(labels.phone).fill('+۹۳ ۷۰ ۱۲۳ ۴۵۶۷')
    await publicForm(page).getByLabel(labels.address).fill('کابل')
    await publicForm(page).getByLabel(labels.education).fill('صنف دوازدهم')
    const tab = await whatsappTab(context, () => page.getByRole('button', { name: labels.submit }).click())
    const text = whatsappText(tab.url()).text ?? ''
    expect(text).toContain(`*${fa.forms.whatsapp.registrationHeader}*`)
    expect(text).toContain(`${fa.forms.whatsapp.course}: ${fa.academy.courses.names.radiology}`)
    // Isolated, so the digit groups keep their order inside the Dari message.
    expect(text).toContain(`${fa.forms.whatsapp.phone}: \u2066+93701234567\u2069`)
    await expect(formNotice(page)).toContainText(fa.forms.registration.successTitle)
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('an appointment request is saved and the success panel offers the WhatsApp message', async ({ page }) => {
    const name = uniqueName('Karim')
    const date = kabulDay(10)
    await page.goto('/clinic/appointment')
    await fillAppointment(page, { name, phone: '0093 70 123 4567', email: 'karim@example.com', date, message: 'Check-up' })
    await page.getByRole('button', { name: 'Request Appointment' }).click()

    const panel = formNotice(page)
    await expect(panel).toContainText(PROMISED.appointmentSuccess)
    await expect(panel).toContainText(PROMISED.appointmentSuccessText)
    const link = panel.getByRole('link', { name: en.forms.appointment.whatsappLink })
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', /noopener/)
    expect(whatsappText((await link.getAttribute('href'))!).text).toBe(
      [
        '*New Appointment Request*',
        `Name: ${name}`,
        'Phone: +93701234567',
        'Email: karim@example.com',
        `Preferred Date: ${date}`,
        'Message: Check-up',
      ].join('\n'),
    )
    // The preferred date is repeated, in words.
    await expect(panel).toContainText(formatPreferredDate(date, 'en'))
    await expect(field(page, 'Full Name')).toHaveValue('')
    await expectRows('appointments', name, 1)
  })

  test('missing fields: the server answers 400 with the Incomplete Form notice, the messages and the typed values', async ({ page }) => {
    await page.goto('/clinic/appointment')
    await fillAppointment(page, { phone: '070 123 4567', email: 'bad@', message: 'Keep me' })
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Request Appointment' }).click(),
    ])
    expect(response.status()).toBe(400)
    const notice = formNotice(page)
    await expect(notice).toContainText(PROMISED.incompleteTitle)
    await expect(notice).toContainText(PROMISED.incompleteAppointment)
    // Rendered by the server, the notice is an alert for screen readers.
    await expect(notice).toHaveAttribute('role', 'alert')
    await expect(page.getByText(en.forms.errors.nameRequired)).toBeVisible()
    await expect(page.getByText(en.forms.errors.dateRequired)).toBeVisible()
    await expect(page.getByText(en.forms.errors.emailInvalid)).toBeVisible()
    await expect(field(page, 'Full Name')).toHaveAttribute('aria-invalid', 'true')
    await expect(field(page, 'Phone Number')).toHaveValue('070 123 4567')
    await expect(field(page, 'Email')).toHaveValue('bad@')
    await expect(field(page, 'Message')).toHaveValue('Keep me')
  })

  test('a course registration is saved with the chosen course and thanks the person', async ({ page }) => {
    const name = uniqueName('Nadia')
    await page.goto('/academy/register')
    await fillRegistration(page, {
      name,
      email: 'nadia@example.com',
      phone: '+44 20 7946 0958',
      address: 'Shahr-e Naw, Kabul',
      education: 'Bachelor',
    })
    await field(page, 'Course').selectOption({ label: 'Short-term Radiology Course' })
    await page.getByRole('button', { name: 'Submit Registration' }).click()
    const panel = formNotice(page)
    await expect(panel).toContainText(PROMISED.registrationSuccess)
    await expect(panel).toContainText(`Thank you, ${name}! We have received your registration for Short-term Radiology Course`)
    const href = await panel.getByRole('link', { name: en.forms.registration.whatsappLink }).getAttribute('href')
    expect(whatsappText(href!).text).toContain('Course: Short-term Radiology Course')
    expect(whatsappText(href!).text).toContain('Phone: +442079460958')
    await expectRows('registrations', name, 1)
  })

  // Four course names begin with «د»; a thank-you sentence that put its own «د» before them read «د د …».
  for (const { locale, messages } of [
    { locale: 'fa', messages: fa },
    { locale: 'ps', messages: ps },
  ] as const) {
    test(`in ${locale}, the thank-you names each course once, as the course is called`, async ({ page }) => {
      for (const course of ['radiology', 'cpr', 'diplomaDentistry'] as const) {
        const name = uniqueName(`Course ${course}`)
        const labels = messages.forms.registration
        await page.goto(`/${locale}/academy/register?course=${course}`)
        await publicForm(page).getByLabel(labels.name).fill(name)
        await publicForm(page).getByLabel(labels.email).fill('student@example.com')
        await publicForm(page).getByLabel(labels.phone).fill('۰۷۰۱۲۳۴۵۶۷')
        await publicForm(page).getByLabel(labels.address).fill('کابل')
        await publicForm(page).getByLabel(labels.education).fill('صنف دوازدهم')
        await page.getByRole('button', { name: labels.submit }).click()
        const panel = formNotice(page)
        await expect(panel).toContainText(labels.successTitle)
        const text = (await panel.textContent()) ?? ''
        const courseName = messages.academy.courses.names[course]
        expect(text.split(courseName).length - 1, `${locale} ${course}: the course named once`).toBe(1)
        expect(text, `${locale} ${course}`).not.toMatch(/(^|\s)د\s+د\s/)
        await expectRows('registrations', name, 1)
      }
    })
  }

  test('missing registration fields keep what was typed', async ({ page }) => {
    await page.goto('/academy/register?course=digitalDentistry')
    await fillRegistration(page, { name: 'Kept Name', education: 'Kept education' })
    await page.getByRole('button', { name: 'Submit Registration' }).click()
    await expect(formNotice(page)).toContainText(PROMISED.incompleteTitle)
    await expect(page.getByText(en.forms.errors.emailRequired)).toBeVisible()
    await expect(field(page, 'Full Name')).toHaveValue('Kept Name')
    await expect(field(page, 'Highest Level of Education')).toHaveValue('Kept education')
    await expect(field(page, 'Course')).toHaveValue('digitalDentistry')
  })

  test('the homepage form works without JavaScript', async ({ page }) => {
    const name = uniqueName('Plain')
    await page.goto('/clinic')
    await fillAppointment(page, { name, phone: '0701234567', date: kabulDay(8) })
    await page.getByRole('button', { name: 'Request Appointment' }).click()
    await expect(formNotice(page)).toContainText(PROMISED.appointmentSuccess)
    await expectRows('appointments', name, 1)
  })

  test('the same form sent twice (a resubmitted page) is one submission', async ({ page, baseURL }) => {
    const name = uniqueName('Resent')
    await page.goto('/clinic/appointment')
    const token = await page.locator('input[name="token"]').inputValue()
    const form = { token, website: '', name, phone: '0701234567', email: '', date: kabulDay(9), message: '' }
    const headers = { origin: baseURL! }
    const first = await page.request.post('/clinic/appointment', { form, headers })
    const second = await page.request.post('/clinic/appointment', { form, headers })
    expect(first.status()).toBe(200)
    expect(second.status()).toBe(200)
    expect(first.headers()['cache-control']).toBe('no-store')
    // The success panel (data-variant="success") is in both pages.
    for (const response of [first, second]) expect(await response.text()).toContain('data-variant="success"')
    await expectRows('appointments', name, 1)
  })

  test('a filled-in honeypot stores nothing and says the request was not sent', async ({ page }) => {
    const name = uniqueName('Robot')
    await page.goto('/clinic/appointment')
    await fillAppointment(page, { name, phone: '0701234567', date: kabulDay(9) })
    // What a form-filling robot does; people never see or reach this field.
    await publicForm(page).locator('input[name="website"]').fill('http://spam.example', { force: true })
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Request Appointment' }).click(),
    ])
    expect(response.status()).toBe(400)
    await expect(formNotice(page)).toContainText(en.forms.notices.spamText)
    await expect(formNotice(page)).not.toContainText(PROMISED.appointmentSuccess)
    await expect(field(page, 'Full Name')).toHaveValue(name)
    await expect(publicForm(page).locator('input[name="website"]')).toHaveValue('')
    await expectRows('appointments', name, 0)
  })
})
