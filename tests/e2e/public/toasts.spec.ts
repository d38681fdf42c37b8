import { expect, test, type Page } from '../support/test'
import { expectNoBrowserErrors } from '../support/browser-errors'
import { messagesFor } from '~/locales'

// Toasts (docs/product.md#toasts): one at a time, gone after 5000 ms, swipe of more than 50 px dismisses,
// announced through a polite live region that is always in the document.

const { common, chat } = messagesFor('en')
const START = '/clinic/gallery'

expectNoBrowserErrors()

test.beforeEach(async ({ page }) => {
  await page.clock.install()
  await page.goto(START)
  await page.waitForFunction(() => {
    const button = document.querySelector('footer button')
    return !!button && Object.keys(button).some((key) => key.startsWith('__reactProps'))
  })
})

function liveRegion(page: Page) {
  return page.getByRole('status', { name: common.toast.region })
}

function toasts(page: Page) {
  return liveRegion(page).locator('[data-variant]')
}

async function showSocialToast(page: Page) {
  await page.locator('footer').getByRole('button', { name: common.social.facebook }).click()
  await expect(toasts(page)).toHaveCount(1)
}

test('an unset social link shows "Coming Soon!" in the live region', async ({ page }) => {
  // The live region is there before anything is announced.
  await expect(liveRegion(page)).toHaveCount(1)
  await expect(liveRegion(page)).toHaveAttribute('aria-live', 'polite')
  await expect(liveRegion(page)).toHaveText('')

  await showSocialToast(page)
  await expect(liveRegion(page)).toContainText(common.social.comingSoonTitle)
  await expect(liveRegion(page)).toContainText(common.social.comingSoonText)
  await expect(toasts(page)).toBeVisible()
})

test('a new toast replaces the one on screen', async ({ page }) => {
  await showSocialToast(page)
  await page.locator('main').getByRole('button', { name: common.placeholder.requestFeature }).click()
  await expect(toasts(page)).toHaveCount(1)
  await expect(toasts(page)).toContainText(common.placeholder.comingSoonTitle)
  await expect(toasts(page)).not.toContainText(common.social.comingSoonText)

  // The same notice twice is still one toast.
  await page.locator('footer').getByRole('button', { name: common.social.instagram }).click()
  await page.locator('footer').getByRole('button', { name: common.social.youtube }).click()
  await expect(toasts(page)).toHaveCount(1)
  await expect(toasts(page)).toContainText(common.social.comingSoonText)
})

/** Stops the page's clock, so that only runFor moves it (the machine's own speed does not count). */
async function pauseClock(page: Page) {
  await page.clock.pauseAt(Date.now() + 60_000)
}

test('a toast disappears after 5 seconds', async ({ page }) => {
  await pauseClock(page)
  await showSocialToast(page)
  await page.clock.runFor(4_800)
  await expect(toasts(page)).toHaveCount(1)
  await page.clock.runFor(400)
  await expect(toasts(page)).toHaveCount(0)
  await expect(liveRegion(page)).toHaveCount(1)
})

test('a replacing toast gets its own 5 seconds', async ({ page }) => {
  await pauseClock(page)
  await showSocialToast(page)
  await page.clock.runFor(3_000)
  await page.locator('main').getByRole('button', { name: common.placeholder.requestFeature }).click()
  await page.clock.runFor(3_000)
  await expect(toasts(page)).toContainText(common.placeholder.comingSoonTitle)
  await page.clock.runFor(2_200)
  await expect(toasts(page)).toHaveCount(0)
})

test('the close button dismisses a toast', async ({ page }) => {
  await showSocialToast(page)
  await toasts(page).getByRole('button', { name: common.toast.close }).click()
  await expect(toasts(page)).toHaveCount(0)
})

for (const [distance, dismissed] of [
  [70, true],
  [-70, true],
  [30, false],
  [50, false],
] as const) {
  test(`a swipe of ${distance} px ${dismissed ? 'dismisses' : 'does not dismiss'} the toast`, async ({ page }) => {
    await showSocialToast(page)
    const box = (await toasts(page).getByText(common.social.comingSoonTitle).boundingBox())!
    const x = box.x + box.width / 2
    const y = box.y + box.height / 2
    await page.mouse.move(x, y)
    await page.mouse.down()
    await page.mouse.move(x + distance / 2, y, { steps: 3 })
    await page.mouse.move(x + distance, y, { steps: 3 })
    await page.mouse.up()
    if (dismissed) {
      await expect(toasts(page)).toHaveCount(0)
    } else {
      await expect(toasts(page)).toHaveCount(1)
      // It springs back into place.
      await expect(toasts(page)).not.toHaveAttribute('style', /translateX\((?!0)/)
    }
  })
}

test('submitting the chat text box shows "Feature in Progress" and nothing else', async ({ page }) => {
  await page.getByRole('button', { name: chat.button, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: chat.title })
  const log = dialog.getByRole('log')
  await expect(log).toContainText(chat.greeting)
  const before = await log.innerText()

  const input = dialog.getByRole('textbox', { name: chat.inputLabel })
  await input.fill('Our services')
  await input.press('Enter')
  await expect(liveRegion(page)).toContainText(chat.liveChatTitle)
  await expect(liveRegion(page)).toContainText(chat.liveChatText)
  // The conversation is unchanged: typed text is not an answer to the quick options.
  expect(await log.innerText()).toBe(before)
  await expect(input).toBeFocused()

  // The send button does the same.
  await toasts(page).getByRole('button', { name: common.toast.close }).click()
  await dialog.getByRole('button', { name: chat.send }).click()
  await expect(toasts(page)).toContainText(chat.liveChatTitle)
  await expect(dialog).toBeVisible()
})
