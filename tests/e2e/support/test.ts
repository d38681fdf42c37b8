/**
 * Playwright's `test`, with pages that wait to be interactive after `goto` and `reload`.
 *
 * The site's scripts load only after the first paint (docs/decisions/013-first-paint.md), so the
 * browser's `load` event can come before the page has hydrated. A person tapping at once is fine
 * (links and forms work without JavaScript), but a test that checks what JavaScript adds would
 * race it. Every page from the `page` fixture or from `browser.newContext()` / `browser.newPage()`
 * therefore waits, after a navigation, until the page says it has hydrated (`<html data-hydrated>`),
 * unless its context has JavaScript turned off or the document has no module script (a 503 page,
 * a text file).
 */
import { test as base, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test'

export { expect } from '@playwright/test'
export type { APIRequestContext, APIResponse, Browser, BrowserContext, Locator, Page } from '@playwright/test'

/** Waits until the server-rendered page has hydrated, or has nothing to hydrate. */
export async function untilInteractive(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.documentElement.hasAttribute('data-hydrated') || !document.querySelector('script[type="module"]'),
    undefined,
    { timeout: 60_000 },
  )
}

const interactivePages = new WeakSet<Page>()
/** Pages of a context without JavaScript: they never hydrate, so nothing waits for it. */
const pagesWithoutJavaScript = new WeakSet<Page>()

function waitsAfter(page: Page, waitUntil: string | undefined): boolean {
  return !pagesWithoutJavaScript.has(page) && (!waitUntil || waitUntil === 'load')
}

function waitingForHydration(page: Page): Page {
  if (interactivePages.has(page)) return page
  interactivePages.add(page)
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.goto = async (url, options) => {
    const response = await goto(url, options)
    if (waitsAfter(page, options?.waitUntil)) await untilInteractive(page)
    return response
  }
  page.reload = async (options) => {
    const response = await reload(options)
    if (waitsAfter(page, options?.waitUntil)) await untilInteractive(page)
    return response
  }
  return page
}

function contextWaitingForHydration(context: BrowserContext, options?: BrowserContextOptions): BrowserContext {
  if (options?.javaScriptEnabled === false) return context
  const newPage = context.newPage.bind(context)
  context.newPage = async () => waitingForHydration(await newPage())
  return context
}

export const test = base.extend<object, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser)
      const newPage = browser.newPage.bind(browser)
      browser.newContext = async (options) => contextWaitingForHydration(await newContext(options), options)
      browser.newPage = async (options) => {
        const page = await newPage(options)
        return options?.javaScriptEnabled === false ? page : waitingForHydration(page)
      }
      await use(browser)
    },
    { scope: 'worker' },
  ],
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled === false) pagesWithoutJavaScript.add(page)
    await use(waitingForHydration(page))
  },
})
