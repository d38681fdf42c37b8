// Prints the closing lines of a CI run from the test runners' JSON reports:
//   <runner>: N passed, N failed[, N skipped]   one line per report that exists
//   total: N passed, N failed[, N skipped]
// Usage: node .ci/summary.js <label>=<vitest or playwright json file> ...
import { existsSync, readFileSync } from 'node:fs'

function counts(report) {
  if (report.stats && 'expected' in report.stats) {
    // Playwright: expected = passed, unexpected = failed, flaky = passed on retry.
    const { expected, unexpected, flaky, skipped } = report.stats
    return { passed: expected + flaky, failed: unexpected, skipped }
  }
  // Vitest (Jest-compatible fields); a test file that failed to load counts as one failure.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  }
}

const line = (label, { passed, failed, skipped }) =>
  `${label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`

const total = { passed: 0, failed: 0, skipped: 0 }
for (const argument of process.argv.slice(2)) {
  const [label, file] = argument.split('=')
  if (!file || !existsSync(file)) {
    console.log(`${label}: did not run`)
    continue
  }
  const result = counts(JSON.parse(readFileSync(file, 'utf8')))
  console.log(line(label, result))
  for (const key of Object.keys(total)) total[key] += result[key]
}
console.log(line('total', total))
