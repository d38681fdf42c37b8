import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '../support/test'
import { waitForHydration } from '../support/page'
import { PUBLIC_PAGES } from '../support/paths'

/** Impacts that fail the suite (axe's own rating; moderate and minor findings do not). */
const BLOCKING_IMPACTS = ['serious', 'critical']

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>

function describeViolations(violations: AxeResults['violations']): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => `      ${node.target.join(' ')}\n        ${(node.failureSummary ?? '').replace(/\n/g, '\n        ')}`)
        .join('\n')
      const more = violation.nodes.length > 5 ? `\n      … and ${violation.nodes.length - 5} more` : ''
      return `  [${violation.impact}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}${more}`
    })
    .join('\n')
}

for (const { url } of PUBLIC_PAGES) {
  test(`${url} has no serious or critical accessibility violation`, async ({ page }) => {
    await page.goto(url)
    await waitForHydration(page)
    const results = await new AxeBuilder({ page }).analyze()
    const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.includes(violation.impact ?? ''))
    expect(blocking.length, `Accessibility violations on ${url}:\n${describeViolations(blocking)}`).toBe(0)
  })
}
