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
