import { expect, test, type Browser, type Page } from '../support/test'
import { format, messagesFor } from '~/locales'
import { codeAt, STEP_SECONDS } from '~/lib/staff/two-step/totp.server'
import { ADMIN, ensureStaff, signIn, submitLogin } from '../support/admin'
import { unique } from '../support/unique'

// Two-step sign-in: turning it on, signing in with a code made here from the key the page shows,
// a code refused the second time, a recovery code working once. Every test makes its own account.

const en = messagesFor('en').admin

/** The next step's code: accepted (one step ahead is within the window) and after any code used so far. */
const nextCode = (secret: string) => codeAt(secret, new Date(Date.now() + STEP_SECONDS * 1000))

/** Signs in with the password alone, and lands where `to` says (the code step, or the dashboard without two-step). */
async function passwordStep(page: Page, user: { username: string; password: string }, to = /\/admin\/login\/code$/) {
  await submitLogin(page, user)
  await expect(page).toHaveURL(to)
}

const DASHBOARD = /\/admin\/dashboard/

async function freshPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage()
}

test('turning two-step sign-in on, then signing in with a code, a used code refused, a recovery code once', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const user = { username: unique('twostep'), displayName: 'Two Step', password: 'harbour lantern 58 orchid', role: 'reception' }
  await ensureStaff(request, baseURL!, user)

  // Before: the password alone signs in.
  await passwordStep(page, user, DASHBOARD)

  await page.goto('/admin/account')
  await page.getByRole('link', { name: en.twoStep.title }).click()
  await page.getByRole('button', { name: en.twoStep.start }).click()
  await expect(page.getByRole('img', { name: en.twoStep.qrLabel })).toBeVisible()
  const secret = (await page.getByTestId('two-step-key').textContent())!.trim()
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await page.getByLabel(en.twoStep.confirm).fill('000000')
  await page.getByRole('button', { name: en.twoStep.confirmSubmit, exact: true }).click()
  await expect(page.getByText(en.twoStep.wrong).first()).toBeVisible()
  await page.getByLabel(en.twoStep.confirm).fill(codeAt(secret, new Date()))
  await page.getByRole('button', { name: en.twoStep.confirmSubmit, exact: true }).click()
  const codes = page.getByRole('list', { name: en.twoStep.onTitle }).getByRole('listitem')
  await expect(codes).toHaveCount(10)
  const recovery = (await codes.first().textContent())!.trim()

  // Signing in now asks for the code; nothing else opens before it.
  const second = await freshPage(browser)
  await passwordStep(second, user)
  await second.goto('/admin/dashboard')
  await expect(second).toHaveURL(/\/admin\/login/)
  await passwordStep(second, user)
  const code = nextCode(secret)
  await second.getByLabel(en.twoStep.code).fill(code)
  await second.getByRole('button', { name: en.twoStep.submit }).click()
  await expect(second).toHaveURL(/\/admin\/dashboard/)

  // The same code again, from another browser: refused.
  const third = await freshPage(browser)
  await passwordStep(third, user)
  await third.getByLabel(en.twoStep.code).fill(code)
  await third.getByRole('button', { name: en.twoStep.submit }).click()
  await expect(third.getByRole('alert').filter({ hasText: en.twoStep.reused }).first()).toBeVisible()
  await expect(third).toHaveURL(/\/admin\/login\/code$/)

  // A recovery code works once.
  await third.getByLabel(en.twoStep.code).fill(recovery)
  await third.getByRole('button', { name: en.twoStep.submit }).click()
  await expect(third).toHaveURL(/\/admin\/dashboard/)
  const fourth = await freshPage(browser)
  await passwordStep(fourth, user)
  await fourth.getByLabel(en.twoStep.code).fill(recovery)
  await fourth.getByRole('button', { name: en.twoStep.submit }).click()
  await expect(fourth.getByRole('alert').filter({ hasText: en.twoStep.wrong }).first()).toBeVisible()
})

/** Turns two-step sign-in on for the signed-in account of `page`; returns its recovery codes. */
async function turnOn(page: Page): Promise<string[]> {
  await page.goto('/admin/account/two-step')
  await page.getByRole('button', { name: en.twoStep.start }).click()
  const secret = (await page.getByTestId('two-step-key').textContent())!.trim()
  await page.getByLabel(en.twoStep.confirm).fill(codeAt(secret, new Date()))
  await page.getByRole('button', { name: en.twoStep.confirmSubmit, exact: true }).click()
  const codes = page.getByRole('list', { name: en.twoStep.onTitle }).getByRole('listitem')
  await expect(codes).toHaveCount(10)
  return codes.allTextContents()
}

test('an administrator removes the two-step sign-in of someone who lost their phone, with a code of their own', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const user = { username: unique('lostphone'), displayName: unique('Lost Phone'), password: 'meadow violin 31 harbour', role: 'reception' }
  await ensureStaff(request, baseURL!, user)
  await passwordStep(page, user, DASHBOARD)
  await turnOn(page)
  const remove = format(en.twoStep.remove, { name: user.displayName })

  // An administrator signed in with a password only is refused, and told why.
  const plain = await freshPage(browser)
  await signIn(plain, ADMIN)
  await plain.goto('/admin/staff')
  const plainForm = plain.locator('details', { has: plain.getByText(remove) })
  await plainForm.getByText(remove).click()
  await plainForm.getByLabel(en.twoStep.removeCode).fill('123456')
  await plainForm.getByRole('button', { name: en.twoStep.removeSubmit }).click()
  await expect(plain.getByText(en.twoStep.removeNeedsOwn).first()).toBeVisible()

  // An administrator with two-step sign-in confirms with their own code (here a recovery code).
  const second = { username: unique('admin2f'), displayName: unique('Second Admin'), password: 'lantern orchard 47 meadow', role: 'admin' }
  await ensureStaff(request, baseURL!, second)
  const admin = await freshPage(browser)
  await passwordStep(admin, second, DASHBOARD)
  const [recovery] = await turnOn(admin)
  await admin.goto('/admin/staff')
  const form = admin.locator('details', { has: admin.getByText(remove) })
  await form.getByText(remove).click()
  await form.getByLabel(en.twoStep.removeCode).fill('000000')
  await form.getByRole('button', { name: en.twoStep.removeSubmit }).click()
  await expect(admin.getByText(en.twoStep.removeWrongCode).first()).toBeVisible()
  await form.getByLabel(en.twoStep.removeCode).fill(recovery!)
  await form.getByRole('button', { name: en.twoStep.removeSubmit }).click()
  await expect(admin.getByText(en.twoStep.removed).first()).toBeVisible()

  // The password alone signs in again.
  await passwordStep(await freshPage(browser), user, DASHBOARD)
})
