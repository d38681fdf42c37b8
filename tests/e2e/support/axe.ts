import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** Impacts that fail a spec (axe's own rating; moderate and minor findings do not). */
const BLOCKING_IMPACTS = ['serious', 'critical']

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]

/**
 * The serious and critical axe findings on the page (or inside `include`), each described with the
 * elements it names. Only violations are reported in full: axe then skips describing every element
 * that passed, most of its work on a large page.
 */
export async function accessibilityProblems(page: Page, { include }: { include?: string } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] })
  if (include) builder = builder.include(include)
  const { violations } = await builder.analyze()
  return violations.filter((violation) => BLOCKING_IMPACTS.includes(violation.impact ?? '')).map(describeViolation)
}

function describeViolation(violation: Violation): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => `      ${node.target.join(' ')}\n        ${(node.failureSummary ?? '').replace(/\n/g, '\n        ')}`)
    .join('\n')
  const more = violation.nodes.length > 5 ? `\n      … and ${violation.nodes.length - 5} more` : ''
  return `[${violation.impact}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}${more}`
}
