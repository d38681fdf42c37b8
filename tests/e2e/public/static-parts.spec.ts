import { expect, test } from '../support/test'
import { messagesFor } from '~/locales'
import { collectBrowserErrors, documentLoads, ownedByReact } from '../support/page'

// Parts of a page that only show what the server sent are not hydrated on a first load
// (docs/decisions/025-hydration.md): React keeps their HTML and never walks it. What a visitor
// sees and can do stays the same: their links move inside the site without a full load, and after
// a navigation or a language switch they show the new page's texts.

test('a first load keeps the static parts as the server sent them and hydrates the rest', async ({ page }) => {
  const errors = collectBrowserErrors(page)
  await page.goto('/fa/clinic')
  // Once the page has settled: anything React Router learns after hydrating would re-render it.
  await page.waitForLoadState('networkidle')
  // The header's navigation is React's; a service card's link and the footer's are not, and the
  // header's menus and the form wait for their first use (ui/hydrate-on-use.tsx).
  expect(await ownedByReact(page, 'header nav a')).toBe(true)
  expect(await ownedByReact(page, '#services a')).toBe(false)
  expect(await ownedByReact(page, 'footer a[href="/fa/clinic/services"]')).toBe(false)
  expect(await ownedByReact(page, 'header summary')).toBe(false)
  expect(await ownedByReact(page, 'form:has(input[name="token"]) button[type="submit"]')).toBe(false)
  expect(errors).toEqual([])
})

test('a link inside a static part moves in the page, and the pages come back whole', async ({ page }) => {
  const errors = collectBrowserErrors(page)
  await page.goto('/clinic')
  const loads = documentLoads(page)
  const servicesText = (await page.locator('#services').textContent()) ?? ''

  await page
    .locator('footer')
    .getByRole('link', { name: messagesFor('en').clinic.footer.services })
    .click()
  await expect(page).toHaveURL(/\/clinic\/services$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messagesFor('en').clinic.services.heading)

  await page.goBack()
  await expect(page).toHaveURL(/\/clinic$/)
  // Mounted by a navigation, the section is rendered by React, with the same texts.
  await expect(page.locator('#services')).toHaveText(servicesText)
  expect(await ownedByReact(page, '#services a')).toBe(true)
  expect(loads()).toBe(0)
  expect(errors).toEqual([])
})

test('after a language switch the static parts show the new language', async ({ page }) => {
  const errors = collectBrowserErrors(page)
  await page.goto('/clinic')
  const en = messagesFor('en')
  const fa = messagesFor('fa')
  await expect(page.locator('#testimonials h2')).toHaveText(en.clinic.testimonials.heading)

  await page.locator('header summary').filter({ hasText: 'English' }).click()
  await page.getByRole('button', { name: 'دری' }).click()
  await expect(page).toHaveURL(/\/fa\/clinic$/)
  await expect(page.locator('#testimonials h2')).toHaveText(fa.clinic.testimonials.heading)
  await expect(page.locator('footer')).toContainText(fa.common.footer.quickLinks)
  await expect(page.locator('footer')).not.toContainText(en.common.footer.quickLinks)
  expect(errors).toEqual([])
})
