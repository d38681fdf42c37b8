import { expect, test, type Page } from '../support/test'
import { messagesFor } from '~/locales'
import { collectBrowserErrors } from '../support/page'

// Parts of a page that only show what the server sent are not hydrated on a first load
// (docs/decisions/025-hydration.md): React keeps their HTML and never walks it. What a visitor
// sees and can do stays the same: their links move inside the site without a full load, and after
// a navigation or a language switch they show the new page's texts.

/** Whether React owns the element (hydrated or rendered it): it keeps its fiber on a property. */
function ownedByReact(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')))
}

/** Counts the document loads of the page from now on (a full load, not a navigation in the page). */
function documentLoads(page: Page) {
  let count = 0
  page.on('request', (request) => {
    if (request.resourceType() === 'document') count++
  })
  return () => count
}

test('a first load keeps the static parts as the server sent them and hydrates the rest', async ({ page }) => {
  const errors = collectBrowserErrors(page)
  await page.goto('/fa/clinic')
  // The header's menu and the form are React's; a service card's link and the footer's are not.
  expect(await ownedByReact(page, 'header summary')).toBe(true)
  expect(await ownedByReact(page, 'form[method="post"] button[type="submit"]')).toBe(true)
  expect(await ownedByReact(page, '#services a')).toBe(false)
  expect(await ownedByReact(page, 'footer a[href="/fa/clinic/services"]')).toBe(false)
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
