import type { Page } from '@playwright/test'
import { untilInteractive } from './test'

/** Waits until the server-rendered page has hydrated and the network is quiet. */
export async function waitForHydration(page: Page): Promise<void> {
  await untilInteractive(page)
  await page.waitForLoadState('networkidle')
}

/** Collects console errors and uncaught exceptions of a page (CSP violations are console errors). */
export function collectBrowserErrors(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
  return problems
}
