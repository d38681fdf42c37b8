import { randomBytes } from 'node:crypto'
import { expect, test } from '../support/own-servers'
import type { Browser, BrowserContext, Page } from '../support/test'
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../support/smtp-server'
import { messagesFor } from '~/locales'
import {
  ADMIN,
  ensureFirstAdmin,
  ensureStaff,
  SETUP_TOKEN,
  sessionCookie,
  signIn,
  submitAppointment,
  submitRegistration,
} from '../support/admin'
import { waitUntilHealthy, within } from '../support/server-process'

/** playwright.config.ts sends the run's staff e-mails to this port. */
const SMTP_PORT = Number(process.env.E2E_PORT ?? 3210) + 20_000

const TEXTS = {
  en: {
    turnOn: 'Turn on alerts',
    on: 'Alerts for new requests are on in this browser.',
    appointment: 'New appointment request',
    registration: 'New course registration',
  },
  fa: {
    turnOn: 'روشن کردن اطلاعیه‌ها',
    on: 'اطلاعیه‌های درخواست‌های نو در این براوزر روشن است.',
    appointment: 'درخواست نو وقت ملاقات',
    registration: 'ثبت‌نام نو کورس',
  },
} as const

// Each test signs in, submits public forms in other browsers and waits for the page to follow.

const unique = () => randomBytes(4).toString('hex')

/** A preferred date the appointment form accepts: a week from now. */
function nextWeek(): string {
  return new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
}

declare global {
  interface Window {
    __notifications?: Array<{ title: string; body?: string }>
    __kept?: string
  }
}

/**
 * A staff member's browser: signed in, notifications allowed, every Notification recorded, in the
 * given admin language. The headless shell the suite runs in refuses notifications whatever the
 * context's permissions (docs/decisions/046-headless-shell.md), so the page gets a stand-in with the
 * Notification API's shape: permission granted, and each notification recorded instead of shown.
 */
async function staffContext(browser: Browser, baseURL: string, user: { username: string; password: string }, locale: 'en' | 'fa') {
  const context = await browser.newContext({ baseURL })
  await context.addInitScript(() => {
    window.__notifications = []
    class RecordedNotification extends EventTarget {
      static readonly permission: NotificationPermission = 'granted'
      static requestPermission = async (): Promise<NotificationPermission> => 'granted'
      onclick: ((event: Event) => void) | null = null
      constructor(title: string, options?: NotificationOptions) {
        super()
        window.__notifications!.push({ title, body: options?.body })
      }
      close() {}
    }
    window.Notification = RecordedNotification as unknown as typeof Notification
  })
  const [name, value] = (await sessionCookie(context.request, baseURL, user)).split('=') as [string, string]
  await context.addCookies([
    { name, value, url: baseURL },
    { name: 'admin_lang', value: locale, url: baseURL },
  ])
  return context
}

/** The pending count in the tab title, 0 when it shows none. */
async function titleCount(page: Page): Promise<number> {
  return Number(/^\((\d+)\) /.exec(await page.title())?.[1] ?? 0)
}

async function turnOnAlerts(page: Page, locale: 'en' | 'fa') {
  const toggle = page.getByRole('button', { name: TEXTS[locale].turnOn })
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: TEXTS[locale].on })).toBeVisible()
}

/** Opens an admin page and waits until it holds its event stream (opened once the page has hydrated). */
async function openAdmin(page: Page, path: string) {
  const stream = page.waitForResponse((response) => response.url().endsWith('/admin/events') && response.status() === 200)
  await page.goto(path)
  await stream
  await page.evaluate(() => (window.__kept = 'same page'))
}

for (const locale of ['en', 'fa'] as const) {
  test.describe(`staff alerts (${locale})`, () => {
    const contexts: BrowserContext[] = []
    test.afterEach(async () => {
      for (const context of contexts.splice(0)) await context.close()
    })

    test(`a new appointment reaches the dashboard and the patients list without reload, with the count and a notification (${locale})`, async ({
      browser,
      baseURL,
      request,
    }) => {
      const user = {
        username: `alerts-rcp-${unique()}`,
        displayName: 'Alerts Reception',
        password: 'lantern orchid 58 meadow',
        role: 'reception',
      }
      await ensureStaff(request, baseURL!, user)
      const context = await staffContext(browser, baseURL!, user, locale)
      contexts.push(context)
      const page = await context.newPage()
      await openAdmin(page, '/admin/dashboard')
      if (locale === 'fa') await expect(page.locator('[dir="rtl"]').first()).toBeVisible()
      await turnOnAlerts(page, locale)
      const before = await titleCount(page)
      const card = page.getByRole('main').locator('a[href="/admin/patients"]').first()
      const cardBefore = await card.innerText()

      const name = `Alerts Patient ${unique()}`
      await submitAppointment(browser, { name, phone: '0701234567', date: nextWeek() })
      await expect.poll(() => titleCount(page)).toBeGreaterThanOrEqual(before + 1)
      await expect(page).toHaveTitle(/^\(\d+\) /)
      await expect.poll(() => page.evaluate(() => window.__notifications!.map((n) => n.title))).toContain(TEXTS[locale].appointment)
      // The notification names no one.
      expect(JSON.stringify(await page.evaluate(() => window.__notifications))).not.toContain(name)
      // The dashboard's appointment card followed, on the same page.
      await expect.poll(() => card.innerText()).not.toBe(cardBefore)
      expect(await page.evaluate(() => window.__kept)).toBe('same page')

      // On the patients list the new row appears by itself.
      await openAdmin(page, '/admin/patients')
      const second = `Alerts Patient ${unique()}`
      await submitAppointment(browser, { name: second, phone: '0701234568', date: nextWeek() })
      await expect(page.getByRole('link', { name: second })).toBeVisible()
      expect(await page.evaluate(() => window.__kept)).toBe('same page')
    })

    test(`a new registration reaches the students list without reload (${locale})`, async ({ browser, baseURL, request }) => {
      const user = {
        username: `alerts-acd-${unique()}`,
        displayName: 'Alerts Academy',
        password: 'canyon copper 91 willow',
        role: 'academy',
      }
      await ensureStaff(request, baseURL!, user)
      const context = await staffContext(browser, baseURL!, user, locale)
      contexts.push(context)
      const page = await context.newPage()
      await openAdmin(page, '/admin/students')
      await turnOnAlerts(page, locale)
      const before = await titleCount(page)

      const name = `Alerts Student ${unique()}`
      await submitRegistration(browser, { name, phone: '0791234567', email: 'alerts@example.com', address: 'Kabul', education: 'School' })
      await expect(page.getByRole('link', { name })).toBeVisible()
      await expect.poll(() => titleCount(page)).toBeGreaterThanOrEqual(before + 1)
      await expect.poll(() => page.evaluate(() => window.__notifications!.map((n) => n.title))).toContain(TEXTS[locale].registration)
      // The academy hears nothing of appointments.
      const titles = await page.evaluate(() => window.__notifications!.map((n) => n.title))
      expect(titles).not.toContain(TEXTS[locale].appointment)
      expect(await page.evaluate(() => window.__kept)).toBe('same page')
    })
  })
}

/** A received e-mail's body as text: nodemailer writes a mostly Dari or Pashto body in base64. */
function mailBody(mail: ReceivedMail): string {
  const [head, ...rest] = mail.text.split(/\r?\n\r?\n/)
  const body = rest.join('\n\n')
  return /^Content-Transfer-Encoding: base64/im.test(head!) ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body
}

// One mail server on the run's port: the e-mail tests take turns.
test.describe('staff e-mails', () => {
  test.describe.configure({ mode: 'serial' })
  let smtp: TestSmtpServer
  test.beforeAll(async () => {
    smtp = await startSmtpServer({ port: SMTP_PORT })
  })
  test.afterAll(async () => {
    await smtp.close()
  })
  /** The e-mails about the request whose body names `name`, once at least `count` arrived. */
  const mailsAbout = async (name: string, count = 1) => {
    await expect.poll(() => smtp.received.filter((mail) => mailBody(mail).includes(name)).length).toBeGreaterThanOrEqual(count)
    return smtp.received.filter((mail) => mailBody(mail).includes(name))
  }

  test('the staff e-mail of a new appointment reaches the mail server with its details', async ({ browser, baseURL, request }) => {
    await ensureFirstAdmin(request, baseURL!)
    const name = `Mailed Patient ${unique()}`
    await submitAppointment(browser, { name, phone: '0701234569', date: nextWeek(), message: 'Swollen gum' })
    // ALERT_EMAILS (desk@clinic.test, English) was copied to the recipients at the first start.
    const mail = (await mailsAbout(name)).find((m) => m.to.includes('desk@clinic.test'))!
    expect(mail.text).toMatch(/Subject: New appointment request, received \d/)
    expect(/^Subject: .*$/m.exec(mail.text)![0]).not.toContain('#')
    expect(mail.text).toContain(`Name: ${name}`)
    expect(mail.text).toContain('Phone: +93701234569')
    expect(mail.text).toContain('Message: Swollen gum')
    // The link to the request in the admin panel (on PUBLIC_URL, the server's default here).
    expect(mail.text).toMatch(/https?:\/\/[^/\s]+\/admin\/patients\/\d+/)
    // The subject, which phones show on the lock screen, names no one.
    expect(/^Subject: .*$/m.exec(mail.text)![0]).not.toContain(name)
  })

  test('each member’s alert choice decides who receives which e-mail, in which language', async ({ browser, baseURL, request }) => {
    const id = unique()
    const desk = {
      username: `mail-rcp-${id}`,
      displayName: `Mail Reception ${id}`,
      password: 'lantern orchid 58 meadow',
      role: 'reception',
    }
    const school = { username: `mail-acd-${id}`, displayName: `Mail Academy ${id}`, password: 'canyon copper 91 willow', role: 'academy' }
    const deskAddress = `${desk.username}@clinic.test`
    const schoolAddress = `${school.username}@clinic.test`
    await ensureStaff(request, baseURL!, desk)
    await ensureStaff(request, baseURL!, school)
    const ps = messagesFor('ps').admin.deskAlerts.email
    const fa = messagesFor('fa').admin.deskAlerts.email

    // The receptionist chooses on their account page: appointments, in Pashto. Registrations are not theirs to choose.
    const deskContext = await browser.newContext({ baseURL })
    const page = await deskContext.newPage()
    await signIn(page, desk)
    await page.goto('/admin/account')
    const alerts = page.getByRole('region', { name: 'E-mail alerts' })
    await expect(alerts.getByLabel('New course registrations')).toHaveCount(0)
    await alerts.getByLabel('Address for alerts').fill(deskAddress)
    await alerts.getByLabel('New appointment requests').check()
    await alerts.getByLabel('Language of the e-mails').selectOption('ps')
    await alerts.getByRole('button', { name: 'Save alerts' }).click()
    await expect(alerts.getByRole('status')).toHaveText('Alerts saved')
    await expect(alerts.getByLabel('Language of the e-mails')).toHaveValue('ps')

    // An administrator chooses for the academy member in the staff list: registrations, in Dari.
    const adminContext = await browser.newContext({ baseURL })
    const admin = await adminContext.newPage()
    await signIn(admin, ADMIN)
    await admin.goto('/admin/staff')
    const row = admin.getByRole('row').filter({ hasText: school.username })
    await row.getByText(`Change the alerts of ${school.displayName}`).click()
    await row.getByLabel('Address for alerts').fill(schoolAddress)
    await row.getByLabel('New course registrations').check()
    await row.getByLabel('Language of the e-mails').selectOption('fa')
    await row.getByRole('button', { name: 'Save alerts' }).click()
    await expect(admin.getByRole('row').filter({ hasText: school.username }).locator('[data-alerts-summary]')).toHaveText(
      `New course registrations · دری · ${schoolAddress}`,
    )
    // The receptionist's own choice shows there too.
    await expect(admin.getByRole('row').filter({ hasText: desk.username }).locator('[data-alerts-summary]')).toHaveText(
      `New appointment requests · پښتو · ${deskAddress}`,
    )

    const patient = `Alert Patient ${id}`
    await submitAppointment(browser, { name: patient, phone: '0701234570', date: nextWeek() })
    const appointmentMails = await mailsAbout(patient, 2)
    const toDesk = appointmentMails.filter((mail) => mail.to.includes(deskAddress))
    expect(toDesk).toHaveLength(1)
    expect(mailBody(toDesk[0]!)).toContain(`${ps.name}: ${patient}`)
    expect(toDesk[0]!.to).not.toContain('desk@clinic.test')
    expect(appointmentMails.find((mail) => mail.to.includes('desk@clinic.test'))!.text).toContain(`Name: ${patient}`)
    expect(appointmentMails.flatMap((mail) => mail.to)).not.toContain(schoolAddress)

    const student = `Alert Student ${id}`
    await submitRegistration(browser, {
      name: student,
      phone: '0791234570',
      email: 'student@example.com',
      address: 'Kabul',
      education: 'School',
    })
    const registrationMails = await mailsAbout(student, 2)
    const toSchool = registrationMails.filter((mail) => mail.to.includes(schoolAddress))
    expect(toSchool).toHaveLength(1)
    expect(mailBody(toSchool[0]!)).toContain(`${fa.name}: ${student}`)
    expect(registrationMails.flatMap((mail) => mail.to)).not.toContain(deskAddress)

    // Turned off, without a restart: the next appointment is not e-mailed to the receptionist.
    await alerts.getByLabel('New appointment requests').uncheck()
    await alerts.getByRole('button', { name: 'Save alerts' }).click()
    await expect(alerts.getByRole('status')).toHaveText('Alerts saved')
    await expect(alerts.getByLabel('New appointment requests')).not.toBeChecked()
    const quiet = `Quiet Patient ${id}`
    const later = `Later Patient ${id}`
    await submitAppointment(browser, { name: quiet, phone: '0701234571', date: nextWeek() })
    await submitAppointment(browser, { name: later, phone: '0701234572', date: nextWeek() })
    // The sender sends one request's e-mails after the other's: once the later one arrived, every e-mail of the quiet one had.
    await mailsAbout(later)
    expect((await mailsAbout(quiet)).flatMap((mail) => mail.to)).toEqual(['desk@clinic.test'])
    await deskContext.close()
    await adminContext.close()
  })
})

test('SIGTERM ends open live-update streams: the server exits with 0 without closing any by force', async ({ ownServers }) => {
  const app = await ownServers.start({ DATA_DIR: ownServers.dataDir(), ADMIN_SETUP_TOKEN: SETUP_TOKEN })
  await waitUntilHealthy(app)
  const origin = `http://127.0.0.1:${app.port}`
  const setup = await fetch(`${origin}/admin/setup`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      token: SETUP_TOKEN,
      displayName: 'Shutdown Admin',
      username: 'shutdown-admin',
      password: 'harbour lantern 42 orchid',
      confirm: 'harbour lantern 42 orchid',
    }),
  })
  expect(setup.status).toBe(302)
  const cookie = /((?:__Host-)?staff_session=[^;]+)/.exec(setup.headers.get('set-cookie') ?? '')![1]!
  const stream = await fetch(`${origin}/admin/events`, {
    headers: { Cookie: cookie, Accept: 'text/event-stream', 'Accept-Encoding': 'gzip, br' },
  })
  expect(stream.status).toBe(200)
  expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/)
  expect(stream.headers.get('cache-control')).toBe('no-store')
  expect(stream.headers.get('x-accel-buffering')).toBe('no')
  // Not compressed: each message reaches the browser as it is written.
  expect(stream.headers.get('content-encoding')).toBeNull()
  const reader = stream.body!.getReader()
  const first = new TextDecoder().decode((await reader.read()).value)
  expect(first).toContain('event: hello')

  app.child.kill('SIGTERM')
  // Exit 0 without the forced close: the open stream did not hold up the stop.
  expect(await within(app.exited, 60_000, 'exiting after SIGTERM')).toBe(0)
  expect(app.output()).not.toMatch(/still open after/)
})
