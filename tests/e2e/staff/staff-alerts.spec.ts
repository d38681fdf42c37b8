import { rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { expect, test, type Browser, type BrowserContext, type Page } from '../support/test'
import { startSmtpServer } from '../../support/smtp-server'
import { ensureFirstAdmin, ensureStaff, SETUP_TOKEN, sessionCookie, submitAppointment, submitRegistration } from '../support/admin'
import { freePort, startServer, temporaryDataDir, waitUntilHealthy, within } from '../support/server-process'

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
    on: 'اطلاعیه‌های درخواست‌های جدید در این براوزر روشن است.',
    appointment: 'درخواست جدید وقت ملاقات',
    registration: 'ثبت‌نام جدید کورس',
  },
} as const

// Each test signs in, submits public forms in other browsers and waits for the page to follow.
test.setTimeout(90_000)

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

/** A staff member's browser: signed in, notifications allowed, every Notification recorded, in the given admin language. */
async function staffContext(browser: Browser, baseURL: string, user: { username: string; password: string }, locale: 'en' | 'fa') {
  const context = await browser.newContext({ baseURL })
  await context.grantPermissions(['notifications'], { origin: baseURL })
  await context.addInitScript(() => {
    window.__notifications = []
    const Real = window.Notification
    window.Notification = new Proxy(Real, {
      construct(target, args: [string, NotificationOptions?]) {
        window.__notifications!.push({ title: args[0], body: args[1]?.body })
        return new target(...args)
      },
    })
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
      await expect(page.getByRole('link', { name: second })).toBeVisible({ timeout: 15_000 })
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
      await expect(page.getByRole('link', { name })).toBeVisible({ timeout: 15_000 })
      await expect.poll(() => titleCount(page)).toBeGreaterThanOrEqual(before + 1)
      await expect.poll(() => page.evaluate(() => window.__notifications!.map((n) => n.title))).toContain(TEXTS[locale].registration)
      // The academy hears nothing of appointments.
      const titles = await page.evaluate(() => window.__notifications!.map((n) => n.title))
      expect(titles).not.toContain(TEXTS[locale].appointment)
      expect(await page.evaluate(() => window.__kept)).toBe('same page')
    })
  })
}

test('the staff e-mail of a new appointment reaches the mail server with its details', async ({ browser, baseURL, request }) => {
  await ensureFirstAdmin(request, baseURL!)
  const smtp = await startSmtpServer({ port: SMTP_PORT })
  try {
    const name = `Mailed Patient ${unique()}`
    await submitAppointment(browser, { name, phone: '0701234569', date: nextWeek(), message: 'Swollen gum' })
    await expect.poll(() => smtp.received.find((mail) => mail.text.includes(`Name: ${name}`)), { timeout: 20_000 }).toBeTruthy()
    const mail = smtp.received.find((m) => m.text.includes(`Name: ${name}`))!
    expect(mail.to).toEqual(['desk@clinic.test'])
    expect(mail.text).toMatch(/Subject: New appointment request #\d+/)
    expect(mail.text).toContain('Phone: +93701234569')
    expect(mail.text).toContain('Message: Swollen gum')
    // The link to the request in the admin panel (on PUBLIC_URL, the server's default here).
    expect(mail.text).toMatch(/https?:\/\/[^/\s]+\/admin\/patients\/\d+/)
    // The subject, which phones show on the lock screen, names no one.
    expect(/^Subject: .*$/m.exec(mail.text)![0]).not.toContain(name)
  } finally {
    await smtp.close()
  }
})

test('SIGTERM ends open live-update streams: the server exits with 0 without closing any by force', async () => {
  test.setTimeout(240_000)
  const dataDir = temporaryDataDir()
  const port = await freePort()
  const app = startServer({ DATA_DIR: dataDir, ADMIN_SETUP_TOKEN: SETUP_TOKEN }, port)
  try {
    await waitUntilHealthy(app)
    const origin = `http://127.0.0.1:${port}`
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
  } finally {
    if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL')
    await app.exited
    rmSync(dataDir, { recursive: true, force: true })
  }
})
