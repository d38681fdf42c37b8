import { request as playwrightRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { expect, test } from './test'

/** The one-time setup token the e2e server gets (playwright.config.ts: ADMIN_SETUP_TOKEN). */
export const SETUP_TOKEN = 'e2e-admin-setup-token-0123456789abcdef'

/** The first administrator every admin spec signs in as. */
export const ADMIN = { username: 'e2e-admin', displayName: 'E2E Administrator', password: 'orchid lantern 42 harbour' }

/** Other roles, created through the Staff screen by ensureStaff(). */
export const RECEPTION = { username: 'e2e-reception', displayName: 'E2E Reception', password: 'pebble meadow 73 violin', role: 'reception' }
export const ACADEMY = { username: 'e2e-academy', displayName: 'E2E Academy', password: 'copper willow 19 canyon', role: 'academy' }
export const EDITOR = { username: 'e2e-editor', displayName: 'E2E Editor', password: 'saffron bridge 57 comet', role: 'editor' }

/** The login page's notice while no account exists (as rendered, not as it sits in the page's data). */
const NO_ACCOUNT_NOTICE = /<p role="status"[^>]*>No staff account exists yet/

/**
 * Makes sure the first administrator exists on the server: creates it through the setup link when
 * no account exists yet. Specs on other workers may do the same at the same moment; the setup link
 * works once, so the one that loses waits for the other's account. (Reading the login page, which
 * says when no account exists, counts no failed sign-in against the address.)
 */
export async function ensureFirstAdmin(request: APIRequestContext, baseURL: string): Promise<void> {
  const noAccount = async () => NO_ACCOUNT_NOTICE.test(await (await request.get('/admin/login')).text())
  if (!(await noAccount())) return
  const response = await request.post('/admin/setup', {
    headers: { Origin: baseURL },
    form: {
      token: SETUP_TOKEN,
      displayName: ADMIN.displayName,
      username: ADMIN.username,
      password: ADMIN.password,
      confirm: ADMIN.password,
    },
    maxRedirects: 0,
  })
  expect([302, 400], await response.text()).toContain(response.status())
  await expect.poll(noAccount, { timeout: 60_000 }).toBe(false)
}

/** Sends the login form with the user's name and password; the page goes wherever the answer leads. */
export async function submitLogin(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.goto('/admin/login')
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Login' }).click()
}

/** Signs in through the login form. */
export async function signIn(page: Page, user: { username: string; password: string }): Promise<void> {
  await submitLogin(page, user)
  await expect(page).not.toHaveURL(/\/admin\/login/)
}

/** A session cookie header for the user, from a sign-in POST (no browser). */
export async function sessionCookie(
  request: APIRequestContext,
  baseURL: string,
  user: { username: string; password: string },
): Promise<string> {
  const response = await request.post('/admin/login', {
    headers: { Origin: baseURL },
    form: { username: user.username, password: user.password, redirectTo: '' },
    maxRedirects: 0,
  })
  expect(response.status(), 'sign-in answers with a redirect').toBe(302)
  const setCookie = response.headers()['set-cookie'] ?? ''
  const match = /((?:__Host-)?staff_session)=([^;]+)/.exec(setCookie)
  if (!match) throw new Error('no session cookie')
  return `${match[1]}=${match[2]}`
}

/** Creates a staff account as the administrator (idempotent: an existing username is left as it is). */
export async function ensureStaff(
  request: APIRequestContext,
  baseURL: string,
  user: { username: string; displayName: string; password: string; role: string },
): Promise<void> {
  await ensureFirstAdmin(request, baseURL)
  const cookie = await sessionCookie(request, baseURL, ADMIN)
  const response = await request.post('/admin/staff', {
    headers: { Origin: baseURL, Cookie: cookie },
    form: { intent: 'create', ...user },
    maxRedirects: 0,
  })
  expect([200, 400]).toContain(response.status())
}

/**
 * Makes sure the first administrator and the staff accounts exist, from a request context of its
 * own (a `beforeAll` has no `request`).
 */
export async function ensureAccounts(
  baseURL: string,
  ...users: { username: string; displayName: string; password: string; role: string }[]
) {
  const request = await playwrightRequest.newContext({ baseURL })
  try {
    await ensureFirstAdmin(request, baseURL)
    for (const user of users) await ensureStaff(request, baseURL, user)
  } finally {
    await request.dispose()
  }
}

/** Session cookies of this worker's sign-ins, by server and account: a sign-in costs the server a deliberately slow hash. */
const workerSessions = new Map<string, string>()

/**
 * A session cookie header for the user, signed in once per worker and reused while the server
 * still takes it (a test may have signed the account out everywhere).
 */
async function reusedSessionCookie(
  request: APIRequestContext,
  baseURL: string,
  user: { username: string; password: string },
): Promise<string> {
  const key = `${baseURL} ${user.username} ${user.password}`
  const kept = workerSessions.get(key)
  if (kept) {
    const check = await request.get('/admin/account', { headers: { Cookie: kept }, maxRedirects: 0 })
    if (check.status() === 200) return kept
  }
  const cookie = await sessionCookie(request, baseURL, user)
  workerSessions.set(key, cookie)
  return cookie
}

/**
 * Every test of the file (or of the describe it is called in) starts signed in as `user`, an
 * account made before the first: its page's context carries a session of the worker's (the
 * specs of signing in sign in through the form themselves).
 */
export function signInBeforeEach(user: { username: string; displayName: string; password: string; role: string }): void {
  test.beforeAll(async ({ baseURL }) => {
    await ensureAccounts(baseURL!, user)
  })
  test.beforeEach(async ({ page, request, baseURL }) => {
    const cookie = await reusedSessionCookie(request, baseURL!, user)
    const [name, value] = cookie.split('=') as [string, string]
    await page.context().addCookies([{ name, value, url: baseURL!, httpOnly: true, sameSite: 'Lax' }])
  })
}

/** Submits the public appointment form without JavaScript (so no WhatsApp tab opens). */
export async function submitAppointment(
  browser: Browser,
  values: { name: string; phone: string; date: string; email?: string; message?: string },
) {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/clinic/appointment')
  await page.getByLabel('Full Name').fill(values.name)
  await page.getByLabel('Phone Number').fill(values.phone)
  if (values.email) await page.getByLabel('Email').fill(values.email)
  await page.getByLabel('Preferred Date').fill(values.date)
  if (values.message) await page.getByRole('textbox', { name: /^Message/ }).fill(values.message)
  await page.getByRole('button', { name: 'Request Appointment' }).click()
  await expect(page.getByText('✅ Appointment Request Sent!').first()).toBeVisible()
  await context.close()
}

/** Submits the public registration form without JavaScript. */
export async function submitRegistration(
  browser: Browser,
  values: { name: string; phone: string; email: string; address: string; education: string; course?: string },
) {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/academy/register')
  await page.getByLabel('Full Name').fill(values.name)
  await page.getByLabel('Email').fill(values.email)
  await page.getByLabel('Phone Number').fill(values.phone)
  await page.getByLabel('Address').fill(values.address)
  await page.getByLabel('Highest Level of Education').fill(values.education)
  if (values.course) await page.getByLabel('Course').selectOption({ label: values.course })
  await page.getByRole('button', { name: 'Submit Registration' }).click()
  await expect(page.getByText('✅ Registration Submitted!').first()).toBeVisible()
  await context.close()
}
