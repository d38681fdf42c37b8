import { expect, test, type Page } from '../support/test'
import { expectNoBrowserErrors } from '../support/browser-errors'
import { DEFAULT_SITE_SETTINGS } from '~/lib/site/site-settings'
import { messagesFor } from '~/locales'

// The clinic chat helper (docs/product.md#chat-helper): every quick reply, in English and in Dari, with the mouse
// and with the keyboard alone. The e2e database is fresh, so the address is the default one.

const START = '/clinic/gallery'

expectNoBrowserErrors()

for (const [locale, prefix] of [
  ['en', ''],
  ['fa', '/fa'],
] as const) {
  const t = messagesFor(locale).chat
  const address = DEFAULT_SITE_SETTINGS.address[locale]

  test.describe(`chat on ${prefix || '/'}clinic`, () => {
    test.beforeEach(async ({ page }) => {
      await gotoHydrated(page, `${prefix}${START}`)
    })

    test('the first opening greets with the three main options', async ({ page }) => {
      const toggle = chatButton(page, t.button)
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await toggle.click()
      await expect(toggle).toHaveAttribute('aria-expanded', 'true')
      const dialog = page.getByRole('dialog', { name: t.title })
      await expect(dialog).toBeVisible()
      await expect(dialog.getByText(t.subtitle)).toBeVisible()
      await expect(dialog.getByRole('log')).toContainText(t.greeting)
      await expect(dialog.getByRole('log')).toHaveAttribute('aria-live', 'polite')
      await expect(toggle).toHaveAttribute('aria-controls', (await dialog.getAttribute('id'))!)
      await expect(optionButtons(page)).toHaveText([t.options.book, t.options.services, t.options.location])

      // Closing and opening again keeps the conversation without a second greeting.
      await dialog.getByRole('button', { name: t.close }).click()
      await expect(dialog).toBeHidden()
      await toggle.click()
      await expect(dialog.getByRole('log').getByText(t.greeting)).toHaveCount(1)
    })

    for (const [first, answer, next, path] of [
      ['book', t.answers.book, 'yesTakeMe', '/clinic/appointment'],
      ['services', t.answers.services, 'showServices', '/clinic/services'],
      ['location', t.answers.location.replace('{address}', address), 'goToContact', '/clinic/contact'],
    ] as const) {
      test(`${t.options[first]} → ${t.options[next]} goes to ${prefix}${path}`, async ({ page }) => {
        await chatButton(page, t.button).click()
        const log = page.getByRole('log')
        await optionButtons(page).filter({ hasText: t.options[first] }).click()
        await expect(log).toContainText(answer)
        // Only the newest bot message offers options: the greeting's are gone.
        const expected = first === 'book' ? [t.options.yesTakeMe, t.options.noThanks] : [t.options[next], t.options.mainMenu]
        await expect(optionButtons(page)).toHaveText(expected)

        await optionButtons(page).filter({ hasText: t.options[next] }).click()
        await expect(page).toHaveURL(`${prefix}${path}`)
        // The panel closes so that it does not cover the page, and focus is back on its button.
        await expect(page.getByRole('dialog')).toBeHidden()
        await expect(chatButton(page, t.button)).toBeFocused()
        await expect(page.locator('html')).toHaveAttribute('lang', locale === 'en' ? 'en' : 'fa-AF')

        // Reopened on the new page, the conversation is still there and offers the main options.
        await chatButton(page, t.button).click()
        await expect(log).toContainText(answer)
        await expect(optionButtons(page)).toHaveText([t.options.book, t.options.services, t.options.location])
      })
    }

    for (const [first, back] of [
      ['book', 'noThanks'],
      ['services', 'mainMenu'],
      ['location', 'mainMenu'],
    ] as const) {
      test(`${t.options[first]} → ${t.options[back]} offers the main options again`, async ({ page }) => {
        await chatButton(page, t.button).click()
        await optionButtons(page).filter({ hasText: t.options[first] }).click()
        await optionButtons(page).filter({ hasText: t.options[back] }).click()
        await expect(page.getByRole('log')).toContainText(t.answers[back])
        await expect(optionButtons(page)).toHaveText([t.options.book, t.options.services, t.options.location])
        await expect(page).toHaveURL(`${prefix}${START}`)
      })
    }
  })
}

test.describe('keyboard and focus', () => {
  const t = messagesFor('en').chat

  test('the whole conversation works with Tab, Enter and Escape', async ({ page }) => {
    await gotoHydrated(page, START)
    const toggle = chatButton(page, t.button)
    const dialog = page.getByRole('dialog', { name: t.title })
    // Reach the button with the keyboard: it is the last control of the page.
    await page.locator('footer').getByRole('link').last().focus()
    await tabUntilFocused(page, toggle)

    await page.keyboard.press('Enter')
    await expect(dialog).toBeVisible()
    // Focus moves into the panel, onto the first quick reply.
    await expect(dialog.getByRole('button', { name: t.options.book })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('button', { name: t.options.services })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('button', { name: t.options.location })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('log')).toContainText(DEFAULT_SITE_SETTINGS.address.en)
    // The new options take the focus.
    await expect(dialog.getByRole('button', { name: t.options.goToContact })).toBeFocused()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('log')).toContainText(t.answers.mainMenu)
    await expect(dialog.getByRole('button', { name: t.options.book })).toBeFocused()

    // The text box and the send button follow in the tab order.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('textbox', { name: t.inputLabel })).toBeFocused()

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(toggle).toBeFocused()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')

    // Enter on the button opens again; the chosen option goes to the contact page.
    await page.keyboard.press('Enter')
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/clinic/contact')
    await expect(toggle).toBeFocused()
  })

  test('the close button returns the focus to the chat button', async ({ page }) => {
    await gotoHydrated(page, START)
    const toggle = chatButton(page, t.button)
    await toggle.click()
    await page.getByRole('dialog').getByRole('button', { name: t.close }).click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(toggle).toBeFocused()
  })

  test('the panel does not trap the focus, and the closed panel is not focusable', async ({ page }) => {
    await gotoHydrated(page, START)
    const toggle = chatButton(page, t.button)
    const dialog = page.getByRole('dialog', { name: t.title, includeHidden: true })
    await expect(dialog).toBeHidden()

    // Closed: Tab from the button leaves the page's controls without entering the panel.
    await toggle.focus()
    await page.keyboard.press('Tab')
    expect(await focusIsInside(page, dialog)).toBe(false)
    await page.keyboard.press('Shift+Tab')
    await expect(toggle).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    expect(await focusIsInside(page, dialog)).toBe(false)

    // Open: Shift+Tab from the first control inside leaves the panel (non-modal).
    await toggle.click()
    await expect(dialog.getByRole('button', { name: t.options.book })).toBeFocused()
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+Tab')
    expect(await focusIsInside(page, dialog)).toBe(false)
    await expect(dialog).toBeVisible()
  })
})

test.describe('layout', () => {
  const t = messagesFor('en').chat

  test('the panel is 350×500 at the bottom end, above the button', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await gotoHydrated(page, START)
    await chatButton(page, t.button).click()
    const box = await page.getByRole('dialog').boundingBox()
    expect(box).not.toBeNull()
    expect(Math.round(box!.width)).toBe(350)
    expect(Math.round(box!.height)).toBe(500)
    expect(box!.x + box!.width).toBeGreaterThan(1280 - 40)
  })

  test('on a phone the panel is nearly as wide as the screen and never wider', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 })
    await gotoHydrated(page, START)
    await chatButton(page, t.button).click()
    const box = (await page.getByRole('dialog').boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(320)
    expect(box.width).toBeGreaterThan(280)
    expect(box.y).toBeGreaterThanOrEqual(0)
  })

  test('in Dari the chat button sits at the left (the end) and the WhatsApp button at the right', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 700 })
    await gotoHydrated(page, `/fa${START}`)
    const chatBox = (await chatButton(page, messagesFor('fa').chat.button).boundingBox())!
    const whatsapp = (await page.getByRole('link', { name: messagesFor('fa').common.social.whatsappFloating }).boundingBox())!
    expect(chatBox.x).toBeLessThan(100)
    expect(whatsapp.x).toBeGreaterThan(800)
    await chatButton(page, messagesFor('fa').chat.button).click()
    const panel = (await page.getByRole('dialog').boundingBox())!
    expect(panel.x).toBeLessThan(100)
  })

  test('the server renders the chat closed, and the page works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(START)
    await expect(chatButton(page, t.button)).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('dialog', { includeHidden: true })).toHaveCount(1)
    await expect(page.getByRole('dialog', { includeHidden: true })).toBeHidden()
    await context.close()
  })
})

function chatButton(page: Page, name: string) {
  return page.getByRole('button', { name, exact: true }).and(page.locator('[aria-controls]'))
}

function optionButtons(page: Page) {
  return page.getByRole('dialog').getByRole('group').getByRole('button')
}

/** Waits until React has hydrated the chat button (before that a click does nothing). */
async function gotoHydrated(page: Page, url: string) {
  await page.goto(url)
  await page.waitForFunction(() => {
    const button = document.querySelector('button[aria-controls]')
    return !!button && Object.keys(button).some((key) => key.startsWith('__reactProps'))
  })
}

async function tabUntilFocused(page: Page, target: ReturnType<Page['locator']>) {
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error('the target never received the focus')
}

async function focusIsInside(page: Page, container: ReturnType<Page['locator']>) {
  return container.evaluate((element) => element.contains(document.activeElement))
}
