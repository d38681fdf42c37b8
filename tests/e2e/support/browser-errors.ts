import { collectBrowserErrors } from './page'
import { expect, test } from './test'

/**
 * Every test of the file (or of the describe it is called in) ends with no error in the browser:
 * hydration mismatches, script errors and CSP violations show up as console errors or page errors.
 * `ignore` passes over the console errors it matches.
 */
export function expectNoBrowserErrors(options: { ignore?: RegExp } = {}): void {
  let errors: string[] = []
  test.beforeEach(({ page }) => {
    errors = collectBrowserErrors(page, options)
  })
  test.afterEach(() => {
    expect(errors, 'errors in the browser console').toEqual([])
  })
}
