import { expect, test } from './test'

/**
 * Every test of the file ends with no error in the browser: hydration mismatches, script errors and
 * CSP violations show up as console errors or page errors.
 */
export function expectNoBrowserErrors(): void {
  let errors: string[] = []
  test.beforeEach(({ page }) => {
    errors = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
  })
  test.afterEach(() => {
    expect(errors, 'errors in the browser console').toEqual([])
  })
}
