import { expect, test, type Page } from '../support/test'
import { contrastRatio } from '~/lib/site/color'
import { messagesFor } from '~/locales'
import { collectBrowserErrors, waitForHydration } from '../support/page'

// The emergency banner (docs/product.md#contact-details): its phone link, reached by keyboard, shows
// a focus outline a visitor can see on the banner's red (WCAG 2.4.13: at least 3:1).

/** Tabs from the top of the page until the banner's phone link has the focus. */
async function tabToBannerLink(page: Page, text: string) {
  const link = page.getByText(text).locator('..').getByRole('link')
  for (let i = 0; i < 10 && !(await link.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(link).toBeFocused()
  return link
}

for (const locale of ['en', 'fa'] as const) {
  test(`the phone link of the emergency banner shows a focus outline of at least 3:1 (${locale})`, async ({ page }) => {
    const errors = collectBrowserErrors(page)
    await page.goto(locale === 'en' ? '/clinic' : `/${locale}/clinic`)
    await waitForHydration(page)
    const link = await tabToBannerLink(page, messagesFor(locale).clinic.emergency.text)

    const look = await link.evaluate((el) => {
      // Any CSS colour (Tailwind writes oklch) as an sRGB hex colour, through a canvas.
      const hex = (colour: string) => {
        const context = document.createElement('canvas').getContext('2d')!
        context.fillStyle = colour
        context.fillRect(0, 0, 1, 1)
        return `#${[...context.getImageData(0, 0, 1, 1).data.slice(0, 3)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`
      }
      const background = (node: Element | null): string => {
        for (; node; node = node.parentElement) {
          const colour = getComputedStyle(node).backgroundColor
          if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour
        }
        return 'white'
      }
      const style = getComputedStyle(el)
      return {
        focusVisible: el.matches(':focus-visible'),
        style: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
        offset: parseFloat(style.outlineOffset),
        outline: hex(style.outlineColor),
        banner: hex(background(el.parentElement)),
        link: hex(background(el)),
      }
    })

    expect(look.focusVisible).toBe(true)
    expect(look.style).toBe('solid')
    expect(look.width).toBeGreaterThanOrEqual(2)
    // Clear of the link's white text, so the outline is seen against the banner on both sides.
    expect(look.offset).toBeGreaterThanOrEqual(1)
    expect(contrastRatio(look.outline, look.banner), `outline ${look.outline} on banner ${look.banner}`).toBeGreaterThanOrEqual(3)
    expect(contrastRatio(look.outline, look.link), `outline ${look.outline} on link ${look.link}`).toBeGreaterThanOrEqual(3)
    expect(errors).toEqual([])
  })
}
