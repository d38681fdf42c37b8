import type { Locator, Page } from '@playwright/test'
import { untilInteractive } from './test'

/** Waits until the server-rendered page has hydrated and the network is quiet. */
export async function waitForHydration(page: Page): Promise<void> {
  await untilInteractive(page)
  await page.waitForLoadState('networkidle')
}

/** A notice in a live region (a toast, or a form's status or alert) with the text. */
export function liveNotice(page: Page, text: string | RegExp): Locator {
  return page.locator('[role=status],[role=alert]').filter({ hasText: text }).first()
}

/**
 * Collects console errors and uncaught exceptions of a page (CSP violations are console errors);
 * `ignore` passes over the console errors it matches.
 */
export function collectBrowserErrors(page: Page, { ignore }: { ignore?: RegExp } = {}): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !ignore?.test(message.text())) problems.push(`console.error: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
  return problems
}

/** Whether React owns the element (hydrated or rendered it): it keeps its fiber on a property. */
export function ownedByReact(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')))
}

/** Counts the document loads of the page from now on (a full load, not a navigation in the page). */
export function documentLoads(page: Page) {
  let count = 0
  page.on('request', (request) => {
    if (request.resourceType() === 'document') count++
  })
  return () => count
}

/**
 * Clicks a button of a form on a page without JavaScript and waits until the answer's page has
 * loaded: a button pressed on a half-loaded page sends only the fields it has so far.
 */
export async function clickAndLoad(page: Page, button: Locator): Promise<void> {
  const loaded = page.waitForEvent('load')
  await button.click()
  await loaded
}
