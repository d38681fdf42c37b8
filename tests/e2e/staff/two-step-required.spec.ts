import { codeAt } from '~/lib/staff/two-step/totp.server'
import { messagesFor } from '~/locales'
import { ADMIN, ensureFirstAdmin, sessionCookie, submitLogin } from '../support/admin'
import { expect, test } from '../support/private-server'

// "Require two-step sign-in for every account" changes every account, so it runs on a server of
// its own. A new account is sent to set it up right after its password, and nothing else opens
// (pages, data requests, the live stream) until it has.

const en = messagesFor('en').admin
const t = en.staffSecurity

test('"require for every account" sends a new account to set-up before any desk page', async ({ browser, page, request, baseURL }) => {
  await ensureFirstAdmin(request, baseURL!)
  const user = { username: 'required-desk', displayName: 'Required Desk', password: 'harbour lantern 58 orchid', role: 'reception' }
  const adminCookie = await sessionCookie(request, baseURL!, ADMIN)
  const created = await request.post('/admin/staff', {
    headers: { Origin: baseURL!, Cookie: adminCookie },
    form: { intent: 'create', ...user },
  })
  expect(created.status()).toBe(200)

  // The administrator turns the rule on; having no factor either, they are sent to set it up too.
  await submitLogin(page, ADMIN)
  await expect(page).toHaveURL(/\/admin\/dashboard/)
  await page.goto('/admin/staff')
  await expect(page.getByTestId('two-step-policy')).toHaveText(t.policyOff)
  await page.getByRole('button', { name: t.requireSubmit }).click()
  await expect(page).toHaveURL(/\/admin\/account\/two-step$/)
  await expect(page.getByText(t.requiredNotice)).toBeVisible()

  // The new account: right after the password, the set-up.
  const context = await browser.newContext()
  const desk = await context.newPage()
  await submitLogin(desk, user)
  await expect(desk).toHaveURL(/\/admin\/account\/two-step$/)
  await expect(desk.getByText(t.requiredNotice)).toBeVisible()
  // No section in the menu, and every page, data request and stream refused on the server.
  await expect(desk.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Patients' })).toHaveCount(0)
  await desk.goto('/admin/patients')
  await expect(desk).toHaveURL(/\/admin\/account\/two-step$/)
  const deskCookie = await sessionCookie(request, baseURL!, user)
  const data = await request.get('/admin/patients.data', { headers: { Cookie: deskCookie }, maxRedirects: 0 })
  expect(await data.text()).not.toContain('"patients"')
  expect([200, 202, 204, 302, 303]).toContain(data.status())
  const stream = await request.get('/admin/events', { headers: { Cookie: deskCookie }, maxRedirects: 0 })
  expect(stream.status()).toBe(403)
  const save = await request.post('/admin/account', {
    headers: { Origin: baseURL!, Cookie: deskCookie },
    form: { intent: 'email', email: 'desk@clinic.example' },
    maxRedirects: 0,
  })
  expect(save.status()).toBe(302)
  expect(save.headers()['location']).toBe('/admin/account/two-step')

  // Set up, then the desk opens.
  await desk.getByRole('button', { name: en.twoStep.start }).click()
  const secret = (await desk.getByTestId('two-step-key').textContent())!.trim()
  await desk.getByLabel(en.twoStep.confirm).fill(codeAt(secret, new Date()))
  await desk.getByRole('button', { name: en.twoStep.confirmSubmit, exact: true }).click()
  await expect(desk.getByRole('list', { name: en.twoStep.onTitle }).getByRole('listitem')).toHaveCount(10)
  await desk.getByRole('link', { name: t.continue }).click()
  await expect(desk).toHaveURL(/\/admin\/dashboard/)
  await desk.goto('/admin/patients')
  await expect(desk).toHaveURL(/\/admin\/patients$/)
  await expect(desk.getByText(t.requiredNotice)).toHaveCount(0)
  await context.close()
})
