import { expect, test } from '../support/test'
import { ADMIN, RECEPTION, signIn, ensureAccounts } from '../support/admin'

// The dashboard's backup card (docs/configuration.md#backups). The suite's server runs with
// BACKUP_INTERVAL=off (playwright.config.ts), so administrators must be warned.

test.beforeAll(async ({ baseURL }) => {
  await ensureAccounts(baseURL!, RECEPTION)
})

test('administrators are warned on the dashboard when scheduled backups are off', async ({ page }) => {
  await signIn(page, ADMIN)
  await page.goto('/admin/dashboard')
  const card = page.getByRole('region', { name: 'Backups' })
  await expect(card).toBeVisible()
  await expect(card.getByRole('status')).toHaveText(/Scheduled backups are off \(BACKUP_INTERVAL\)/)
})

test('other staff do not see the backups', async ({ page }) => {
  await signIn(page, RECEPTION)
  await page.goto('/admin/dashboard')
  await expect(page.getByRole('heading', { name: 'Appointments' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Backups' })).toHaveCount(0)
})
