import { expect, test, type Page } from '../support/test'
import { messagesFor } from '~/locales'
import { collectBrowserErrors, documentLoads, ownedByReact, waitForHydration } from '../support/page'
import { kabulDay } from '../support/solar-date'

// The public forms and the header's menus work as HTML on a page's first load, and React hydrates
// them at their first touch, press, key or focus (components/ui/hydrate-on-use.tsx,
// docs/decisions/025-hydration.md). What a visitor typed before then stays, and from then on they
// behave as they always did.

const en = messagesFor('en')
const SUBMIT = 'form:has(input[name="token"]) button[type="submit"]'

function publicForm(page: Page) {
  return page.locator('form:has(input[name="token"])')
}

test('a form is hydrated at its first use, keeping what the browser put in it before', async ({ page }) => {
  const errors = collectBrowserErrors(page)
  await page.goto('/clinic/appointment')
  await page.waitForLoadState('networkidle')
  expect(await ownedByReact(page, SUBMIT)).toBe(false)

  // A value the browser filled in without a focus (autofill, a restored form) is not a use.
  await publicForm(page)
    .getByLabel('Full Name')
    .evaluate((input: HTMLInputElement) => (input.value = 'Restored Name'))
  expect(await ownedByReact(page, SUBMIT)).toBe(false)

  const loads = documentLoads(page)
  await publicForm(page).getByLabel('Phone Number').pressSequentially('070 12')
  await expect.poll(() => ownedByReact(page, SUBMIT)).toBe(true)
  await expect(publicForm(page).getByLabel('Phone Number')).toBeFocused()
  await publicForm(page).getByLabel('Preferred Date').fill(kabulDay(2))

  // The form's own checks answer in the page, as before.
  await page.getByRole('button', { name: 'Request Appointment' }).click()
  await expect(page.getByText(en.forms.errors.phoneInvalid)).toBeVisible()
  await expect(publicForm(page).getByLabel('Phone Number')).toHaveValue('070 12')
  await expect(publicForm(page).getByLabel('Full Name')).toHaveValue('Restored Name')
  expect(loads()).toBe(0)
  expect(errors).toEqual([])
})

test('a press on the send button before any other use hydrates the form and is answered by it', async ({ page }) => {
  await page.goto('/academy/register')
  await page.waitForLoadState('networkidle')
  expect(await ownedByReact(page, SUBMIT)).toBe(false)
  const loads = documentLoads(page)
  await page.getByRole('button', { name: en.forms.registration.submit }).click()
  // The form's check, not the browser's page load: the required fields are named in the page.
  await expect(page.getByText(en.forms.errors.nameRequired)).toBeVisible()
  expect(loads()).toBe(0)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } })

  test("the header's menu opens at the first tap, and then closes on Escape and on navigation", async ({ page }) => {
    const errors = collectBrowserErrors(page)
    await page.goto('/fa/clinic')
    await page.waitForLoadState('networkidle')
    const menu = page.locator('header details').first()
    expect(await ownedByReact(page, 'header summary')).toBe(false)

    await menu.locator('summary').click()
    await expect(menu).toHaveAttribute('open', '')
    await expect.poll(() => ownedByReact(page, 'header summary')).toBe(true)
    await page.keyboard.press('Escape')
    await expect(menu).not.toHaveAttribute('open')
    await expect(menu.locator('summary')).toBeFocused()

    const loads = documentLoads(page)
    await menu.locator('summary').click()
    await menu.getByRole('link', { name: messagesFor('fa').clinic.nav.services }).click()
    await expect(page).toHaveURL(/\/fa\/clinic\/services$/)
    await expect(menu).not.toHaveAttribute('open')
    await expect(page.locator('header nav a[aria-current="page"]').first()).toHaveAttribute('href', '/fa/clinic/services')
    expect(loads()).toBe(0)
    expect(errors).toEqual([])
  })
})

test('a form the visitor reaches by a link in the page is ready at once', async ({ page }) => {
  await page.goto('/clinic')
  await page.locator('header').getByRole('link', { name: en.clinic.nav.bookOnline }).click()
  await expect(page).toHaveURL(/\/clinic\/appointment$/)
  // Rendered by React once the navigation commits (the address changes a moment before), not left
  // for a first use: nothing here touches the form.
  await expect.poll(() => ownedByReact(page, SUBMIT)).toBe(true)
})

test('a menu opened before it is hydrated stays open as it hydrates', async ({ page }) => {
  await page.goto('/clinic')
  await waitForHydration(page)
  const menu = page.getByRole('banner').locator('details:has(button[name="lang"])')
  // Opened as HTML opens it, with nothing React answers (a tap before the page's scripts arrived).
  await menu.evaluate((details: HTMLDetailsElement) => (details.open = true))
  expect(await ownedByReact(page, 'header button[name="lang"]')).toBe(false)

  // Its first use, inside it, hydrates it; it stays open, and its choices work.
  await menu.getByRole('button', { name: 'دری' }).focus()
  await expect.poll(() => ownedByReact(page, 'header button[name="lang"]')).toBe(true)
  await expect(menu).toHaveAttribute('open', '')
  await menu.getByRole('button', { name: 'دری' }).click()
  await expect(page).toHaveURL(/\/fa\/clinic$/)
  await expect(page.getByRole('banner').locator('details[open]')).toHaveCount(0)
})
