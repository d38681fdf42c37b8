import { expect, test, type Locator, type Page } from '../support/test'
import { messagesFor } from '~/locales'
import { waitForHydration } from '../support/page'

// On a phone the floating WhatsApp and chat buttons sit over the bottom corners: the end of a page
// and a focused form field must never stay hidden under them. The right-to-left language menu lines
// its items up at the start.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

interface Box {
  x: number
  y: number
  width: number
  height: number
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** Where an element's text is drawn (not its padding), in the viewport. */
function textBox(element: Locator): Promise<Box> {
  return element.evaluate((el) => {
    const range = document.createRange()
    range.selectNodeContents(el)
    const { x, y, width, height } = range.getBoundingClientRect()
    return { x, y, width, height }
  })
}

/** The floating buttons on the page: WhatsApp everywhere, the chat helper on the clinic pages. */
async function floatingButtons(page: Page, locale: 'en' | 'fa' | 'ps'): Promise<Box[]> {
  const m = messagesFor(locale)
  const buttons = [page.getByRole('link', { name: m.common.social.whatsappFloating }), page.getByRole('button', { name: m.chat.button })]
  const boxes: Box[] = []
  for (const button of buttons) {
    if ((await button.count()) === 0) continue
    const box = await button.boundingBox()
    if (box) boxes.push(box)
  }
  expect(boxes.length, 'the page has its floating buttons').toBeGreaterThan(0)
  return boxes
}

for (const { url, locale } of [
  { url: '/clinic', locale: 'en' },
  { url: '/fa/clinic/contact', locale: 'fa' },
  { url: '/ps/academy', locale: 'ps' },
  { url: '/', locale: 'en' },
] as const) {
  test(`${url}: scrolled to the end, the footer's last line is clear of the floating buttons`, async ({ page }) => {
    await page.goto(url)
    await waitForHydration(page)
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect
      .poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight))
      .toBe(true)
    const footer = page.locator('footer').last()
    const lastLine = (await footer.locator('p').count()) > 0 ? footer.locator('p').last() : footer
    const line = await textBox(lastLine)
    expect(line.height, 'the last line is drawn').toBeGreaterThan(0)
    expect(line.y + line.height, 'the last line is inside the viewport').toBeLessThanOrEqual(844)
    for (const button of await floatingButtons(page, locale)) {
      expect(overlaps(line, button), `the last line ${JSON.stringify(line)} is under a button ${JSON.stringify(button)}`).toBe(false)
    }
  })
}

for (const url of ['/clinic/appointment', '/fa/academy/register']) {
  test(`${url}: a field reached by keyboard is never under the floating buttons`, async ({ page }) => {
    const locale = url.startsWith('/fa') ? 'fa' : 'en'
    await page.goto(url)
    await waitForHydration(page)
    const fields = page.locator('main form').first().locator('input:not([type="hidden"]):not([tabindex="-1"]), select, textarea')
    const names = await fields.evaluateAll((els) => els.map((el) => el.getAttribute('name') ?? el.id))
    expect(names.length).toBeGreaterThan(2)
    // From the top of the page, with the focus on the first field (not scrolled to), Tab through
    // the form to its last field: each field is scrolled into view as it gets the focus.
    await page.evaluate(() => window.scrollTo(0, 0))
    await fields.first().evaluate((el) => (el as HTMLElement).focus({ preventScroll: true }))
    const reached = new Set<string>()
    for (let step = 0; step < 60 && !reached.has(names.at(-1)!); step++) {
      await page.keyboard.press('Tab')
      const focused = await page.evaluate(() => {
        const el = document.activeElement
        if (!el?.closest('main form') || !/^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName)) return null
        const { x, y, width, height } = el.getBoundingClientRect()
        return { name: el.getAttribute('name') ?? el.id, box: { x, y, width, height } }
      })
      if (!focused) continue
      reached.add(focused.name)
      expect(focused.box.y + focused.box.height, `${focused.name} is inside the viewport`).toBeLessThanOrEqual(844)
      for (const button of await floatingButtons(page, locale)) {
        expect(
          overlaps(focused.box, button),
          `${focused.name} ${JSON.stringify(focused.box)} is under a button ${JSON.stringify(button)}`,
        ).toBe(false)
      }
    }
    expect([...reached], 'every field was reached').toEqual(expect.arrayContaining(names.slice(1)))
  })
}

test('/fa: the items of the language menu start on the same side', async ({ page }) => {
  await page.goto('/fa/clinic')
  await waitForHydration(page)
  const header = page.getByRole('banner')
  await header
    .locator('summary')
    .filter({ hasText: messagesFor('fa').common.language.label })
    .click()
  const items = header.locator('form[action="/set-language"] button[name="lang"]')
  await expect(items).toHaveCount(3)
  await expect(items.first()).toBeVisible()
  const starts: number[] = []
  for (const item of await items.all()) {
    const box = (await item.boundingBox())!
    const text = await textBox(item)
    // Right to left: an item's text starts at its right edge, past its padding.
    starts.push(Math.round(box.x + box.width - (text.x + text.width)))
  }
  expect(new Set(starts).size, `distances from the start edge: ${starts.join(', ')}`).toBe(1)
})
