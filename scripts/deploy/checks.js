// The list of checks: each one runs once, prints one line (PASS or FAIL, its name and what it saw)
// and never stops the others. A check passes by returning a description and fails by throwing.

export class CheckFailure extends Error {}

/**
 * Throws a CheckFailure with `message` unless `condition` holds.
 * @param {unknown} condition
 * @param {string} message
 * @returns {asserts condition}
 */
export function expect(condition, message) {
  if (!condition) throw new CheckFailure(message)
}

export function checkList() {
  let passed = 0
  let failed = 0
  let stopped = false
  return {
    async run(name, check) {
      if (stopped) return
      const started = Date.now()
      try {
        const seen = await check()
        if (stopped) return
        passed++
        console.info(`PASS  ${name}: ${seen} (${seconds(started)})`)
      } catch (error) {
        // Interrupted: what fails now fails because everything is being stopped.
        if (stopped) return
        failed++
        const reason = error instanceof CheckFailure ? error.message : `${error instanceof Error ? error.message : error}`
        console.info(`FAIL  ${name}: ${reason} (${seconds(started)})`)
      }
    },
    /** A failure outside any check (the set-up), counted with the others. */
    fail(name, reason) {
      failed++
      console.info(`FAIL  ${name}: ${reason}`)
    },
    /** No further check runs or reports (the run was interrupted). */
    stop() {
      stopped = true
    },
    totals: () => ({ passed, failed }),
  }
}

function seconds(started) {
  return `${((Date.now() - started) / 1000).toFixed(1)} s`
}
