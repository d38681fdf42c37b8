import { expect, test, type Page } from '@playwright/test'
import { messagesFor } from '~/locales'
import { collectBrowserErrors, waitForHydration } from './support/page'

// The emergency banner (docs/product.md#contact-details): its phone link, reached by keyboard, shows
// a focus outline a visitor can see on the banner's red (WCAG 2.4.13: at least 3:1).

/** Relative luminance of an sRGB colour (WCAG 2). */
function luminance([r, g, b]: number[]): number {
  const [R, G, B] = [r!, g!, b!].map((v) => {
    const c = v / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!
}

function contrast(a: number[], b: number[]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

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
      // Any CSS colour (Tailwind writes oklch) as sRGB bytes, through a canvas.
      const rgb = (colour: string) => {
        const context = document.createElement('canvas').getContext('2d')!
        context.fillStyle = colour
        context.fillRect(0, 0, 1, 1)
        return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)]
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
        outline: rgb(style.outlineColor),
        banner: rgb(background(el.parentElement)),
        link: rgb(background(el)),
      }
    })

    expect(look.focusVisible).toBe(true)
    expect(look.style).toBe('solid')
    expect(look.width).toBeGreaterThanOrEqual(2)
    // Clear of the link's white text, so the outline is seen against the banner on both sides.
    expect(look.offset).toBeGreaterThanOrEqual(1)
    expect(contrast(look.outline, look.banner), `outline rgb(${look.outline}) on banner rgb(${look.banner})`).toBeGreaterThanOrEqual(3)
    expect(contrast(look.outline, look.link), `outline rgb(${look.outline}) on link rgb(${look.link})`).toBeGreaterThanOrEqual(3)
    expect(errors).toEqual([])
  })
}
