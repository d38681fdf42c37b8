import { ADMIN, SETUP_TOKEN } from '../support/admin'
import { expect, test } from '../support/private-server'

// The first administrator, created through the one-time setup link. It needs a site without any
// staff account, so it runs against a server of its own on a fresh database (the shared server's
// accounts are created by whichever spec needs them first: tests/e2e/support/admin.ts).

test('the first administrator is created through the one-time setup link', async ({ page }) => {
  await page.goto('/admin/login')
  await expect(page.getByText('No staff account exists yet')).toBeVisible()

  await page.goto('/admin/setup?token=not-the-token')
  await expect(page.getByRole('main').getByRole('alert')).toContainText('This setup link is not valid')

  await page.goto(`/admin/setup?token=${SETUP_TOKEN}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Create the first administrator' })).toBeVisible()
  await page.getByLabel('Your name').fill(ADMIN.displayName)
  await page.getByLabel('Username').fill(ADMIN.username)
  await page.getByLabel('Password', { exact: true }).fill('password1234')
  await page.getByLabel('Repeat the password').fill('password1234')
  await page.getByRole('button', { name: 'Create administrator' }).click()
  await expect(page.getByText('This password is too common')).toBeVisible()

  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await page.getByLabel('Repeat the password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Create administrator' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByText('Admin Login Successful!')).toBeVisible()
  // Administrators see every section, Staff included.
  const nav = page.getByRole('navigation', { name: 'Admin sections' })
  for (const name of ['Dashboard', 'Content', 'Media', 'Layout', 'Theme', 'Patients', 'Students', 'Integrations', 'Settings', 'Staff']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
  }

  // The link worked once.
  await page.context().clearCookies()
  await page.goto(`/admin/setup?token=${SETUP_TOKEN}`)
  await expect(page.getByRole('main').getByRole('alert')).toContainText('This setup link is not valid')
  await page.goto('/admin/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible()
  await expect(page.getByText('No staff account exists yet')).toHaveCount(0)
})
