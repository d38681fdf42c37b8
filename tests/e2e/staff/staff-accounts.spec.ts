import { expect, test, type Page } from '../support/test'
import { messagesFor } from '~/locales'
import { ADMIN, ensureAccounts, signIn } from '../support/admin'
import { unique, uniqueName } from '../support/unique'

// The add-account form on /admin/staff: once an account is added, its fields are empty again (the
// new account's name, username and password are not left on the page), with and without
// JavaScript; a refused one keeps what was typed but the password.

const t = messagesFor('en').admin.staff

test.beforeAll(async ({ baseURL }) => {
  await ensureAccounts(baseURL!)
})

/** The add-account form, found by its heading. */
function addForm(page: Page) {
  return page.getByRole('region', { name: t.add })
}

async function fillAccount(page: Page, account: { displayName: string; username: string; password: string }) {
  const form = addForm(page)
  await form.getByLabel(t.displayName, { exact: true }).fill(account.displayName)
  await form.getByLabel(t.username, { exact: true }).fill(account.username)
  await form.getByLabel(t.role, { exact: true }).selectOption('editor')
  await form.getByLabel(t.password, { exact: true }).fill(account.password)
  await form.getByRole('button', { name: t.create }).click()
}

async function expectEmpty(page: Page) {
  const form = addForm(page)
  await expect(form.getByLabel(t.displayName, { exact: true })).toHaveValue('')
  await expect(form.getByLabel(t.username, { exact: true })).toHaveValue('')
  await expect(form.getByLabel(t.password, { exact: true })).toHaveValue('')
  await expect(form.getByLabel(t.role, { exact: true })).toHaveValue('reception')
}

for (const javaScriptEnabled of [true, false]) {
  test(`after "${t.created}" the add-account form is empty again, and a refused account keeps its name (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled })
    const page = await context.newPage()
    await signIn(page, ADMIN)
    await page.goto('/admin/staff')

    const account = { displayName: uniqueName('Added'), username: unique('added'), password: 'juniper compass 64 lagoon' }
    await fillAccount(page, account)
    await expect(page.getByRole('definition').filter({ hasText: account.username })).toBeVisible()
    await expectEmpty(page)

    // A second account from the same form: it is added and the form empties again.
    const second = { displayName: uniqueName('Added'), username: unique('added'), password: 'walnut harbour 31 ember' }
    await fillAccount(page, second)
    await expect(page.getByRole('definition').filter({ hasText: second.username })).toBeVisible()
    await expectEmpty(page)

    // A username already taken: refused, the typed name and username kept.
    await fillAccount(page, { ...second, displayName: 'Kept Name' })
    const form = addForm(page)
    await expect(form.locator('#new-username-error')).toBeVisible()
    await expect(form.getByLabel(t.displayName, { exact: true })).toHaveValue('Kept Name')
    await expect(form.getByLabel(t.username, { exact: true })).toHaveValue(second.username)
    await context.close()
  })
}
