import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import pg from 'pg'
import { request as playwrightRequest } from '@playwright/test'
import { messagesFor } from '~/locales'
import { startSmtpServer, type TestSmtpServer } from '../../support/smtp-server'
import { ADMIN, ensureFirstAdmin, ensureStaff, SETUP_TOKEN, signIn as signedInAs, submitLogin } from '../support/admin'
import { freePort, startServer, stopServer, temporaryDataDir, waitUntilHealthy, type ServerProcess } from '../support/server-process'
import { expect, test, type Browser, type Page } from '../support/test'

// "Forgot password" with a mail server: the link arrives at a local SMTP server, works once, not
// after its 30 minutes (the test moves the link's end into the past in the database, no waiting),
// and not for a second reset; the reset signs the account out everywhere and two-step sign-in
// still applies. The server runs on its own PostgreSQL database so the test can reach the link's row.

const SERVER_URL = process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL
test.skip(!SERVER_URL, 'needs a PostgreSQL server (TEST_DATABASE_URL)')
const t = messagesFor('en').admin.staffSecurity

let smtp: TestSmtpServer
let server: ServerProcess
let baseURL: string
let databaseUrl: string
let databaseName: string
let storage: string

async function onServer<T>(sql: (client: pg.Client) => Promise<T>, url = SERVER_URL!): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await sql(client)
  } finally {
    await client.end()
  }
}

test.beforeAll(async () => {
  smtp = await startSmtpServer()
  databaseName = `e2e_reset_${randomBytes(5).toString('hex')}`
  await onServer((client) => client.query(`create database ${databaseName}`))
  const url = new URL(SERVER_URL!)
  url.pathname = `/${databaseName}`
  databaseUrl = url.toString()
  storage = temporaryDataDir()
  const port = await freePort()
  baseURL = `http://127.0.0.1:${port}`
  server = startServer(
    {
      DATABASE_URL: databaseUrl,
      STORAGE_DIR: storage,
      ADMIN_SETUP_TOKEN: SETUP_TOKEN,
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SMTP_ALLOW_PLAIN_LOCAL: '1',
    },
    port,
  )
  await waitUntilHealthy(server)
})

test.afterAll(async () => {
  if (server) await stopServer(server)
  await smtp?.close()
  if (databaseName) await onServer((client) => client.query(`drop database if exists ${databaseName} with (force)`))
  if (storage) rmSync(storage, { recursive: true, force: true })
})

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ baseURL })).newPage()
}

/** Asks for a link on the forgot page, as a person would from the login page. */
async function askForLink(page: Page, identifier: string) {
  await page.goto('/admin/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/admin\/forgot$/)
  await page.getByLabel(t.forgotLabel).fill(identifier)
  await page.getByRole('button', { name: t.forgotSubmit }).click()
  await expect(page.getByRole('status').filter({ hasText: t.forgotSent })).toBeVisible()
}

/** The link of the newest reset e-mail to the address, once it arrived. */
async function linkFor(address: string, count: number): Promise<string> {
  await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(address)).length).toBe(count)
  const mail = smtp.received.filter((m) => m.to.includes(address)).at(-1)!
  expect(mail.text).toContain(t.mail.subject)
  const link = new RegExp(`${baseURL}/admin/reset\\?token=[\\w-]+`).exec(mail.text)
  expect(link, mail.text).not.toBeNull()
  return link![0]
}

test('a reset link by e-mail works once, signs the account out everywhere, and not after its 30 minutes', async ({ browser }) => {
  const api = await playwrightRequest.newContext({ baseURL })
  await ensureFirstAdmin(api, baseURL)
  const user = { username: 'forgetful', displayName: 'Forgetful Desk', password: 'harbour lantern 58 orchid', role: 'reception' }
  const address = 'forgetful@clinic.example'
  await ensureStaff(api, baseURL, user)

  // The member saves their address on the account page, and stays signed in there.
  const signedIn = await newPage(browser)
  await signedInAs(signedIn, user)
  await signedIn.goto('/admin/account')
  await signedIn.getByLabel(t.emailLabel, { exact: true }).fill('forgetful@clinic')
  await signedIn.getByRole('button', { name: t.emailSubmit }).click()
  await expect(signedIn.getByText(t.emailInvalid).first()).toBeVisible()
  await signedIn.getByLabel(t.emailLabel, { exact: true }).fill(address)
  await signedIn.getByRole('button', { name: t.emailSubmit }).click()
  await expect(signedIn.getByText(t.emailSaved).first()).toBeVisible()

  // The same answer for an unknown name: nothing is sent.
  const visitor = await newPage(browser)
  await askForLink(visitor, 'nobody-by-this-name')
  await askForLink(visitor, user.username)
  const link = await linkFor(address, 1)
  expect(smtp.received.filter((mail) => !mail.to.includes(address))).toEqual([])

  // The token leaves the address bar at once; the page sends no Referer.
  const resetPage = await newPage(browser)
  const response = await resetPage.goto(link)
  await expect(resetPage).toHaveURL(`${baseURL}/admin/reset`)
  expect(response!.headers()['referrer-policy']).toBe('no-referrer')
  await expect(resetPage.getByText(`Choose a new password for ${user.username}`)).toBeVisible()
  await resetPage.getByLabel(t.resetPassword, { exact: true }).fill('password1234')
  await resetPage.getByLabel(t.resetRepeat).fill('password1234')
  await resetPage.getByRole('button', { name: t.resetSubmit }).click()
  // Refused under the usual rules; the link is not used up by it.
  await expect(resetPage.getByText('This password is too common').first()).toBeVisible()
  const newPassword = 'copper willow 27 lantern'
  await resetPage.getByLabel(t.resetPassword, { exact: true }).fill(newPassword)
  await resetPage.getByLabel(t.resetRepeat).fill(newPassword)
  await resetPage.getByRole('button', { name: t.resetSubmit }).click()
  await expect(resetPage.getByRole('status').filter({ hasText: t.resetDone })).toBeVisible()

  // Every session of the account was signed out: the open page goes to the sign-in page by itself
  // (the live stream tells it), and so does the next page it asks for.
  await expect(signedIn).toHaveURL(/\/admin\/login/)
  await signedIn.goto('/admin/dashboard')
  await expect(signedIn).toHaveURL(/\/admin\/login/)

  // The link works once: not for a second reset.
  const again = await newPage(browser)
  await again.goto(link)
  await expect(again.getByRole('alert').filter({ hasText: t.resetInvalid })).toBeVisible()

  // The new password signs in; the old one no longer does.
  const fresh = await newPage(browser)
  await submitLogin(fresh, { username: user.username, password: user.password })
  await expect(fresh.getByText('Invalid username or password.').first()).toBeVisible()
  await submitLogin(fresh, { username: user.username, password: newPassword })
  await expect(fresh).toHaveURL(/\/admin\/dashboard/)

  // A new link, whose 30 minutes are over (its end moved into the past): refused.
  await askForLink(visitor, address)
  const late = await linkFor(address, 2)
  await onServer((client) => client.query(`update password_resets set expires_at = now() - interval '1 second'`), databaseUrl)
  const latePage = await newPage(browser)
  await latePage.goto(late)
  await expect(latePage.getByRole('alert').filter({ hasText: t.resetInvalid })).toBeVisible()
  await expect(latePage.getByLabel(t.resetPassword, { exact: true })).toHaveCount(0)

  // The audit log has the reset; the token appears in no log line of the server.
  const admin = await newPage(browser)
  await signedInAs(admin, ADMIN)
  await admin.goto('/admin/audit')
  await expect(
    admin.getByRole('main').getByRole('table').getByRole('cell', { name: 'Set a new password with an e-mailed link', exact: true }).first(),
  ).toBeVisible()
  for (const token of [link, late].map((l) => new URL(l).searchParams.get('token')!)) expect(server.output()).not.toContain(token)
  await api.dispose()
})

test('two-step sign-in is still asked after a reset', async ({ browser }) => {
  // (The factor is set up through the account page; the reset leaves it in place.)
  const api = await playwrightRequest.newContext({ baseURL })
  await ensureFirstAdmin(api, baseURL)
  const user = { username: 'two-step-reset', displayName: 'Two Step Reset', password: 'harbour lantern 58 orchid', role: 'reception' }
  const address = 'two-step-reset@clinic.example'
  await ensureStaff(api, baseURL, user)
  const page = await newPage(browser)
  await signedInAs(page, user)
  await page.goto('/admin/account')
  await page.getByLabel(t.emailLabel, { exact: true }).fill(address)
  await page.getByRole('button', { name: t.emailSubmit }).click()
  await expect(page.getByText(t.emailSaved).first()).toBeVisible()
  const { codeAt } = await import('~/lib/staff/two-step/totp.server')
  await page.goto('/admin/account/two-step')
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
  const secret = (await page.getByTestId('two-step-key').textContent())!.trim()
  await page.getByLabel('Code from the app').fill(codeAt(secret, new Date()))
  await page.getByRole('button', { name: 'Turn on', exact: true }).click()
  await expect(page.getByRole('list', { name: 'Two-step sign-in is on' }).getByRole('listitem')).toHaveCount(10)

  const visitor = await newPage(browser)
  await askForLink(visitor, address)
  await visitor.goto(await linkFor(address, 1))
  const newPassword = 'saffron canyon 61 meadow'
  await visitor.getByLabel(t.resetPassword, { exact: true }).fill(newPassword)
  await visitor.getByLabel(t.resetRepeat).fill(newPassword)
  await visitor.getByRole('button', { name: t.resetSubmit }).click()
  await expect(visitor.getByRole('status').filter({ hasText: t.resetDone })).toBeVisible()
  await submitLogin(visitor, { username: user.username, password: newPassword })
  await expect(visitor).toHaveURL(/\/admin\/login\/code$/)
  await api.dispose()
})
