import { expect, test, type Browser, type BrowserContext, type Page } from '../support/test'
import { formatDate } from '~/lib/i18n/dates'
import { messagesFor } from '~/locales'
import { ensureFirstAdmin, ensureStaff, sessionCookie, signIn, submitAppointment } from '../support/admin'
import { liveNotice } from '../support/page'
import { unique } from '../support/unique'
import { kabulDay } from '../support/solar-date'
import { expectStaffDate, fillStaffDate } from '../support/staff-date'

// The audit log, one's own password and role changes. Every test makes its own accounts and
// requests (unique names), so it depends on no other spec and runs in parallel with them.

const PASSWORD = 'lantern orchard 64 meadow'
const en = messagesFor('en').admin
const fa = messagesFor('fa').admin

interface Account {
  username: string
  displayName: string
  password: string
  role: string
}

async function newAccount(page: Page, baseURL: string, role: string, prefix: string): Promise<Account> {
  const username = unique(prefix)
  const account = { username, displayName: `Audit ${username}`, password: PASSWORD, role }
  await ensureStaff(page.request, baseURL, account)
  return account
}

/** A browser context signed in as the account, in English or (with the admin_lang cookie) in Dari. */
async function signedIn(browser: Browser, baseURL: string, account: Account, lang: 'en' | 'fa', javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled })
  const cookie = await sessionCookie(context.request, baseURL, account)
  const [name, value] = cookie.split('=') as [string, string]
  const cookies = [{ name, value, url: baseURL }]
  if (lang === 'fa') cookies.push({ name: 'admin_lang', value: 'fa', url: baseURL })
  await context.addCookies(cookies)
  return { context, page: await context.newPage() }
}

async function post(context: BrowserContext, baseURL: string, path: string, form: Record<string, string>) {
  return context.request.post(path, { headers: { Origin: baseURL }, form, maxRedirects: 0 })
}

/** Today's date in Kabul as the audit log writes it (without the time). */
function today(lang: 'en' | 'fa'): string {
  return formatDate(new Date(), lang).split(' (')[0]!
}

for (const lang of ['en', 'fa'] as const) {
  const m = lang === 'en' ? en : fa

  test(`${lang}: an administrator's status change, deletion, export and theme save appear in the audit log @site-editor`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await ensureFirstAdmin(page.request, baseURL!)
    const admin = await newAccount(page, baseURL!, 'admin', 'aud-admin')
    const patient = unique('Audit Patient')
    await submitAppointment(browser, { name: patient, phone: '0701234567', date: kabulDay(3) })

    // The changes, made in English; the log is read in the language of the test.
    const desk = await signedIn(browser, baseURL!, admin, 'en')
    await desk.page.goto(`/admin/patients?q=${encodeURIComponent(patient)}`)
    const href = await desk.page.locator('a[href^="/admin/patients/"]').filter({ hasText: patient }).first().getAttribute('href')
    const id = Number(/\/admin\/patients\/(\d+)$/.exec(href ?? '')?.[1])
    expect(id).toBeGreaterThan(0)
    expect((await post(desk.context, baseURL!, `/admin/patients/${id}`, { intent: 'status', status: 'cancelled' })).status()).toBe(200)
    const exported = await desk.context.request.get('/admin/patients/export?status=cancelled')
    expect(exported.status()).toBe(200)
    expect((await post(desk.context, baseURL!, `/admin/patients/${id}`, { intent: 'delete', confirm: 'yes' })).status()).toBe(302)
    await desk.page.goto('/admin/theme')
    await desk.page.getByRole('button', { name: 'Save Theme Settings' }).click()
    await expect(liveNotice(desk.page, 'Theme Saved')).toBeVisible()
    await desk.context.close()

    const { context, page: reader } = await signedIn(browser, baseURL!, admin, lang)
    await reader.goto('/admin/dashboard')
    await reader.getByRole('navigation').getByRole('link', { name: m.sections.audit }).click()
    await expect(reader).toHaveURL(/\/admin\/audit$/)
    await expect(reader.getByRole('heading', { level: 1, name: m.audit.title })).toBeVisible()
    if (lang === 'fa') await expect(reader.locator('[dir="rtl"]').first()).toBeVisible()
    // Only this administrator's entries.
    await reader.getByLabel(m.audit.member, { exact: true }).selectOption({ label: `${admin.displayName} (${admin.username})` })
    await reader.getByRole('button', { name: m.audit.apply }).click()
    await expect(reader).toHaveURL(/staff=\d+/)

    const row = (action: string) => reader.getByRole('row').filter({ hasText: action })
    const status = row(m.audit.actions['request-status'])
    await expect(status).toHaveCount(1)
    await expect(status).toContainText(admin.displayName)
    // The request is linked, not numbered (docs/product.md#request-numbers).
    await expect(status.getByRole('link', { name: m.audit.targets.appointment })).toHaveAttribute('href', `/admin/patients/${id}`)
    await expect(status).toContainText(m.audit.statusChange.replace('{from}', m.statuses.pending).replace('{to}', m.statuses.cancelled))
    await expect(status).toContainText(today(lang))
    await expect(row(m.audit.actions['request-delete']).getByRole('link', { name: m.audit.targets.appointment })).toHaveAttribute(
      'href',
      `/admin/patients/${id}`,
    )
    await expect(row(m.audit.actions['request-export'])).toContainText(m.audit.exportOf.appointments)
    await expect(row(m.audit.actions['site-save'])).toContainText(m.audit.targets.document.replace('{name}', m.audit.documents.theme))
    await expect(row(m.audit.actions['sign-in']).first()).toContainText(today(lang))
    // The patient's name appears nowhere in the log.
    await expect(reader.getByText(patient)).toHaveCount(0)
    // Filter by action.
    await reader.getByLabel(m.audit.action).selectOption(m.audit.actions['request-delete'])
    await reader.getByRole('button', { name: m.audit.apply }).click()
    await expect(reader.getByRole('row')).toHaveCount(2)
    // Filter by date: in Dari the Solar Hijri field of the other desk screens, never a browser date field.
    if (lang === 'fa') await expect(reader.locator('input[type="date"]')).toHaveCount(0)
    // Each filter is read once the page has moved to its address: fields filled before would be
    // replaced by the answer's.
    const applyFilter = async () => {
      const before = reader.url()
      await reader.getByRole('button', { name: m.audit.apply }).click()
      await expect(reader).not.toHaveURL(before)
    }
    await fillStaffDate(reader, m.audit.from, kabulDay(0), lang)
    await fillStaffDate(reader, m.audit.to, kabulDay(0), lang)
    await applyFilter()
    await expect(reader.getByRole('row')).toHaveCount(2)
    await expectStaffDate(reader, m.audit.from, kabulDay(0), lang)
    await fillStaffDate(reader, m.audit.from, kabulDay(1), lang)
    await fillStaffDate(reader, m.audit.to, kabulDay(1), lang)
    await applyFilter()
    await expect(reader.getByRole('row').filter({ hasText: m.audit.actions['request-delete'] })).toHaveCount(0)
    await context.close()
  })

  test(`${lang}: a receptionist has no audit log`, async ({ page, browser, baseURL }) => {
    await ensureFirstAdmin(page.request, baseURL!)
    const clerk = await newAccount(page, baseURL!, 'reception', 'aud-clerk')
    const { context, page: desk } = await signedIn(browser, baseURL!, clerk, lang)
    await desk.goto('/admin/dashboard')
    await expect(desk.getByRole('navigation').getByRole('link', { name: m.sections.patients })).toBeVisible()
    await expect(desk.locator('a[href="/admin/audit"]')).toHaveCount(0)
    const response = await desk.goto('/admin/audit')
    expect(response?.status()).toBe(403)
    await expect(desk.getByText(m.audit.intro)).toHaveCount(0)
    await context.close()
  })

  test(`${lang}: a staff member changes their own password${lang === 'fa' ? ' without JavaScript' : ''}`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await ensureFirstAdmin(page.request, baseURL!)
    const member = await newAccount(page, baseURL!, 'academy', 'aud-own')
    const other = await signedIn(browser, baseURL!, member, 'en')
    const { context, page: me } = await signedIn(browser, baseURL!, member, lang, lang === 'en')
    await me.goto('/admin/dashboard')
    await me.getByRole('link', { name: m.account.link }).click()
    await expect(me).toHaveURL(/\/admin\/account$/)
    await expect(me.getByRole('heading', { level: 1, name: m.account.title })).toBeVisible()

    // A wrong current password: a clear error, and no password comes back.
    await me.getByLabel(m.account.current).fill('not the right one at all')
    await me.getByLabel(m.account.next, { exact: true }).fill('violet harbour 28 kettle')
    await me.getByLabel(m.account.repeat).fill('violet harbour 28 kettle')
    await me.getByRole('button', { name: m.account.submit }).click()
    await expect(me.getByText(m.account.wrongCurrent).first()).toBeVisible()
    await expect(me.getByLabel(m.account.current)).toHaveValue('')
    await expect(me.getByLabel(m.account.next, { exact: true })).toHaveValue('')
    expect(await me.content()).not.toContain('violet harbour')

    // Two different new passwords.
    await me.getByLabel(m.account.current).fill(PASSWORD)
    await me.getByLabel(m.account.next, { exact: true }).fill('violet harbour 28 kettle')
    await me.getByLabel(m.account.repeat).fill('violet harbour 28 kettles')
    await me.getByRole('button', { name: m.account.submit }).click()
    await expect(me.getByText(m.account.mismatch).first()).toBeVisible()

    await me.getByLabel(m.account.current).fill(PASSWORD)
    await me.getByLabel(m.account.next, { exact: true }).fill('violet harbour 28 kettle')
    await me.getByLabel(m.account.repeat).fill('violet harbour 28 kettle')
    await me.getByRole('button', { name: m.account.submit }).click()
    await expect(me.getByText(m.account.doneText).first()).toBeVisible()

    // This browser stays signed in; the other one was signed out.
    await me.goto('/admin/dashboard')
    await expect(me).toHaveURL(/\/admin\/dashboard/)
    await other.page.goto('/admin/dashboard')
    await expect(other.page).toHaveURL(/\/admin\/login/)
    await other.context.close()
    await context.close()

    // Without a session: a signed-in browser is sent on from the login page whatever the password.
    const anonymous = await browser.newContext()
    const tryPassword = (password: string) =>
      anonymous.request.post('/admin/login', {
        headers: { Origin: baseURL! },
        form: { username: member.username, password, redirectTo: '' },
        maxRedirects: 0,
      })
    expect((await tryPassword(PASSWORD)).status()).toBe(401)
    await anonymous.close()
    const fresh = await browser.newContext()
    const login = await fresh.newPage()
    await signIn(login, { username: member.username, password: 'violet harbour 28 kettle' })
    await expect(login).toHaveURL(/\/admin\/dashboard/)
    await fresh.close()
  })

  test(`${lang}: an administrator changes a member's role, never their own`, async ({ page, browser, baseURL }) => {
    await ensureFirstAdmin(page.request, baseURL!)
    const admin = await newAccount(page, baseURL!, 'admin', 'aud-boss')
    const member = await newAccount(page, baseURL!, 'reception', 'aud-role')
    const memberDesk = await signedIn(browser, baseURL!, member, lang)
    await memberDesk.page.goto('/admin/dashboard')
    await expect(memberDesk.page.locator('nav a[href="/admin/patients"]')).toBeVisible()
    await expect(memberDesk.page.locator('nav a[href="/admin/theme"]')).toHaveCount(0)

    const { context, page: boss } = await signedIn(browser, baseURL!, admin, lang)
    await boss.goto('/admin/staff')
    const label = m.roleChange.label.replace('{name}', member.displayName)
    await boss.getByLabel(label).selectOption('editor')
    await boss.getByRole('row').filter({ hasText: member.username }).getByRole('button', { name: m.roleChange.submit }).click()
    await expect(liveNotice(boss, m.roleChange.done)).toBeVisible()

    // The member's next page shows the editor's sections, with the same session.
    await memberDesk.page.goto('/admin/dashboard')
    await expect(memberDesk.page.locator('nav a[href="/admin/theme"]')).toBeVisible()
    await expect(memberDesk.page.locator('nav a[href="/admin/patients"]')).toHaveCount(0)
    await memberDesk.context.close()

    // Their own row offers no role change, and a forged one is refused.
    await expect(boss.getByLabel(m.roleChange.label.replace('{name}', admin.displayName))).toHaveCount(0)
    const myId = await boss.getByRole('row').filter({ hasText: admin.username }).locator('input[name=id]').first().getAttribute('value')
    const forged = await post(context, baseURL!, '/admin/staff', { intent: 'role', id: myId!, role: 'reception' })
    expect(forged.status()).toBe(400)
    expect(await forged.text()).toContain(m.roleChange.ownRole)
    await boss.goto('/admin/audit')
    await expect(boss.getByRole('heading', { level: 1, name: m.audit.title })).toBeVisible()
    await expect(boss.getByRole('row').filter({ hasText: m.audit.actions['staff-role'] }).first()).toContainText(member.username)
    await context.close()
  })
}
