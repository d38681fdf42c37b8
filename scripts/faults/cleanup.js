// Everything a run creates (server processes, the PostgreSQL cluster, temporary folders) registers
// how to undo it here; the undo steps run in reverse order when the run ends, fails or is interrupted.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const steps = []
let running

/** Registers an undo step; returns a function that runs it early and removes it. */
export function onCleanup(label, undo) {
  const step = { label, undo }
  steps.push(step)
  return async () => {
    const index = steps.indexOf(step)
    if (index < 0) return
    steps.splice(index, 1)
    await undo()
  }
}

/**
 * A new folder in the system's temporary folder (named `prefix` and six random characters), removed
 * with everything in it at the end of the run, or earlier by `remove()`.
 * @param {string} prefix
 * @param {string} [what] what a failed removal calls it, before its path
 * @returns {{ path: string, remove: () => Promise<void> }}
 */
export function temporaryFolder(prefix, what = 'the folder') {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix))
  const remove = onCleanup(`${what} ${folder}`, () => rmSync(folder, { recursive: true, force: true }))
  return { path: folder, remove }
}

/** Runs every registered step once, the newest first; a failing step does not stop the others. */
export function cleanUp() {
  running ??= (async () => {
    while (steps.length > 0) {
      const step = steps.pop()
      try {
        await step.undo()
      } catch (error) {
        console.error(`Cleaning up ${step.label} failed: ${error instanceof Error ? error.message : error}`)
      }
    }
  })()
  return running
}

/** On Ctrl-C, a termination signal or an error nothing caught: clean up, then exit. */
export function cleanUpOnSignals(run = 'the fault run') {
  for (const event of ['uncaughtException', 'unhandledRejection']) {
    process.once(event, (error) => {
      console.error(
        `\n${run.charAt(0).toUpperCase()}${run.slice(1)} failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
      )
      void cleanUp().finally(() => process.exit(1))
    })
  }
  for (const [signal, code] of /** @type {const} */ ([
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ])) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping ${run} and cleaning up.`)
      void cleanUp().finally(() => process.exit(code))
    })
  }
}
