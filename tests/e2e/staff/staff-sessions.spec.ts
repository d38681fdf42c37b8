import { expect, test, type Browser, type Page } from '../support/test'
import { format, messagesFor } from '~/locales'
import { formatStaffDate } from '~/lib/i18n/staff-dates'
import { ADMIN, ensureStaff, signIn } from '../support/admin'
import { unique } from '../support/unique'

// The sessions one can see on the account page: each in words ("Chrome on Android"), the current
// one marked; signing out another (that browser is then signed out), all but this one, and an
// administrator signing out every session of an account. Every test makes its own account.

const t = messagesFor('en').admin.staffSecurity

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'

/** A browser with its own User-Agent, signed in as the user. */
async function signedInBrowser(browser: Browser, user: { username: string; password: string }, userAgent?: string) {
  const context = await browser.newContext(userAgent ? { userAgent } : {})
  const page = await context.newPage()
  await signIn(page, user)
  return page
}

/**
 * A page whose session ended elsewhere: its open page goes to the sign-in page by itself (the live
 * stream tells it), and so does the next page it asks for.
 */
async function expectSignedOut(page: Page) {
  await expect(page).toHaveURL(/\/admin\/login/)
  await page.goto('/admin/dashboard')
  await expect(page).toHaveURL(/\/admin\/login/)
}

test('the session list names each browser, marks this one, and signs out another: that browser is then signed out', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const user = {
    username: unique('sessions'),
    displayName: `Sessions ${unique('n')}`,
    password: 'harbour lantern 58 orchid',
    role: 'reception',
  }
  await ensureStaff(request, baseURL!, user)
  const phone = await signedInBrowser(browser, user, ANDROID_CHROME)
  const laptop = await signedInBrowser(browser, user, WINDOWS_FIREFOX)
  await signIn(page, user)

  await page.goto('/admin/account')
  const list = page.getByRole('list', { name: t.sessionsHeading })
  const items = list.getByRole('listitem')
  await expect(items).toHaveCount(3)
  // This browser first, marked (the suite's Chromium says it is Chrome on Windows).
  await expect(items.first()).toContainText(t.thisSession)
  await expect(items.first()).toContainText('Chrome on Windows')
  await expect(list.getByText('Chrome on Android')).toBeVisible()
  await expect(list.getByText('Firefox on Windows')).toBeVisible()
  await expect(items.first()).toContainText('Signed in:')
  await expect(items.first()).toContainText('Last used:')

  // The phone is signed out from here: its next page is the login.
  await page.getByRole('button', { name: /^Sign out Chrome on Android/ }).click()
  await expect(page.getByText(t.sessionEnded).first()).toBeVisible()
  await expect(items).toHaveCount(2)
  await expectSignedOut(phone)
  // The laptop still works.
  await laptop.goto('/admin/dashboard')
  await expect(laptop).toHaveURL(/\/admin\/dashboard/)

  // All but this one.
  await page.getByRole('button', { name: t.signOutOthers }).click()
  await expect(page.getByText(format(t.othersEnded, { count: 1 })).first()).toBeVisible()
  await expect(items).toHaveCount(1)
  await expect(page.getByText(t.onlyHere)).toBeVisible()
  await expectSignedOut(laptop)
  await page.goto('/admin/dashboard')
  await expect(page).toHaveURL(/\/admin\/dashboard/)

  // An administrator signs out every session of the account (a lost phone): this one too.
  const admin = await signedInBrowser(browser, ADMIN)
  await admin.goto('/admin/staff')
  await admin.getByRole('button', { name: format(t.signOutAllOf, { name: user.displayName }) }).click()
  await expect(admin.getByText(format(t.signedOutAll, { count: 1 })).first()).toBeVisible()
  await expectSignedOut(page)

  // Each step is in the audit log.
  await admin.goto('/admin/audit')
  const audit = admin.getByRole('main').getByRole('table')
  for (const action of ['Signed out a session', 'Signed out their other sessions', 'Signed out every session of an account']) {
    await expect(audit.getByRole('cell', { name: action, exact: true }).first()).toBeVisible()
  }
  await Promise.all([phone.context().close(), laptop.context().close(), admin.context().close()])
})

/** Opens a staff page and waits until it holds its live stream (opened once the page has hydrated). */
async function openWithStream(page: Page, path: string) {
  const stream = page.waitForResponse((response) => response.url().endsWith('/admin/events') && response.status() === 200)
  await page.goto(path)
  await stream
}

test('an open page of a session ended elsewhere goes to the sign-in page by itself, for an editor too', async ({
  browser,
  request,
  baseURL,
}) => {
  const user = {
    username: unique('live-end'),
    displayName: `Live End ${unique('n')}`,
    password: 'cobalt meadow 27 lantern',
    role: 'editor',
  }
  await ensureStaff(request, baseURL!, user)
  const laptop = await signedInBrowser(browser, user, WINDOWS_FIREFOX)
  const phone = await signedInBrowser(browser, user, ANDROID_CHROME)
  await openWithStream(phone, '/admin/content')

  // The laptop ends the phone's session: the phone's open page, untouched, reaches the sign-in page.
  await laptop.goto('/admin/account')
  await laptop.getByRole('button', { name: /^Sign out Chrome on Android/ }).click()
  await expect(laptop.getByText(t.sessionEnded).first()).toBeVisible()
  await expect(phone).toHaveURL(/\/admin\/login/)

  // The laptop signs out with the menu's button: its other open tab follows.
  const otherTab = await laptop.context().newPage()
  await openWithStream(otherTab, '/admin/dashboard')
  await laptop.getByRole('button', { name: 'Logout' }).click()
  await expect(otherTab).toHaveURL(/\/admin\/login/)
  await Promise.all([phone.context().close(), laptop.context().close()])
})

test('an open page whose stream is refused still finds out that its session ended elsewhere', async ({ browser, request, baseURL }) => {
  const user = {
    username: unique('live-gap'),
    displayName: `Live Gap ${unique('n')}`,
    password: 'amber harbour 64 violet',
    role: 'editor',
  }
  await ensureStaff(request, baseURL!, user)
  const laptop = await signedInBrowser(browser, user, WINDOWS_FIREFOX)
  const phone = await signedInBrowser(browser, user, ANDROID_CHROME)
  // The phone's stream is refused, as while the database is away: the browser stops asking for it,
  // and the page asks again later by itself.
  let refused = 0
  await phone.route('**/admin/events', (route) => {
    refused++
    return route.fulfill({ status: 503, body: '' })
  })
  await phone.goto('/admin/content')
  await expect.poll(() => refused).toBeGreaterThan(0)

  // Meanwhile the laptop ends the phone's session: the open page, untouched, reaches the sign-in page.
  await laptop.goto('/admin/account')
  await laptop.getByRole('button', { name: /^Sign out Chrome on Android/ }).click()
  await expect(laptop.getByText(t.sessionEnded).first()).toBeVisible()
  await expect(phone).toHaveURL(/\/admin\/login/)
  await Promise.all([phone.context().close(), laptop.context().close()])
})

test('an open page of an account an administrator disables goes to the sign-in page by itself', async ({ browser, request, baseURL }) => {
  const user = {
    username: unique('live-off'),
    displayName: `Live Off ${unique('n')}`,
    password: 'amber canyon 64 violin',
    role: 'reception',
  }
  await ensureStaff(request, baseURL!, user)
  const desk = await signedInBrowser(browser, user)
  await openWithStream(desk, '/admin/patients')
  const admin = await signedInBrowser(browser, ADMIN)
  await admin.goto('/admin/staff')
  const row = admin.getByRole('row').filter({ hasText: user.username })
  await row.getByRole('button', { name: messagesFor('en').admin.staff.disable, exact: true }).click()
  await expect(admin.getByText(messagesFor('en').admin.staff.disabledDone).first()).toBeVisible()
  await expect(desk).toHaveURL(/\/admin\/login/)
  await Promise.all([desk.context().close(), admin.context().close()])
})

for (const locale of ['fa', 'ps'] as const) {
  test(`the session list in ${locale === 'fa' ? 'Dari' : 'Pashto'} gives each session's last use in the Solar Hijri calendar, Kabul time`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const user = {
      username: unique(`last-use-${locale}`),
      displayName: `Last Use ${unique('n')}`,
      password: 'russet harbour 82 lantern',
      role: 'reception',
    }
    await ensureStaff(request, baseURL!, user)
    const started = Date.now()
    const page = await signedInBrowser(browser, user, ANDROID_CHROME)
    const switched = await page.context().request.post('/admin/language', {
      headers: { Origin: baseURL! },
      form: { lang: locale, redirectTo: '/admin/account' },
      maxRedirects: 0,
    })
    expect(switched.status()).toBe(302)
    await page.goto('/admin/account')
    const ended = Date.now()
    const texts = messagesFor(locale).admin.staffSecurity
    const item = page.getByRole('list', { name: texts.sessionsHeading }).getByRole('listitem')
    await expect(item).toHaveCount(1)
    // The session was last used between the sign-in and now: one of those minutes, as the panel writes it.
    const minutes = Array.from({ length: Math.floor(ended / 60_000) - Math.floor(started / 60_000) + 1 }, (_, i) =>
      format(texts.lastUsed, { date: formatStaffDate(new Date((Math.floor(started / 60_000) + i) * 60_000), locale, { withTime: true }) }),
    )
    const shown = await item.getByText(texts.lastUsed.replace('{date}', '').trim()).textContent()
    expect(minutes).toContain(shown!.trim())
    expect(shown).not.toMatch(/[0-9]/)
    await page.context().close()
  })
}
