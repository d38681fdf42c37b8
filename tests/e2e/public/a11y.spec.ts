import { expect, test } from '../support/test'
import { accessibilityProblems } from '../support/axe'
import { waitForHydration } from '../support/page'
import { PUBLIC_PAGES } from '../support/paths'

for (const { url } of PUBLIC_PAGES) {
  test(`${url} has no serious or critical accessibility violation`, async ({ page }) => {
    await page.goto(url)
    await waitForHydration(page)
    expect(await accessibilityProblems(page), url).toEqual([])
  })
}
