// What every scenario shares: starting the server on its database, and the table row it reports.
import { compareRows } from '../checks.js'
import { startHealthyServer } from '../server-process.js'

/** Starts the built server on the scenario's database and waits until it is healthy. */
export function launch(ctx, db, { unreaped = false } = {}) {
  return startHealthyServer({
    root: ctx.root,
    buildDir: ctx.buildDir,
    port: ctx.port,
    env: { STORAGE_DIR: ctx.storageDir, ...db.env },
    unreaped,
  })
}

/** A row of the table, filled in by the scenario; `fail(reason)` marks it failed and says why. */
export function reportRow(scenario, db) {
  const row = {
    scenario,
    database: db.label,
    requests: 0,
    acknowledged: /** @type {number | string} */ (''),
    rows: /** @type {number | string} */ (''),
    serverErrors: 0,
    lost: /** @type {number | string} */ (''),
    resets: 0,
    rssPeak: 0,
    seconds: /** @type {number | string} */ (''),
    failures: /** @type {string[]} */ ([]),
    notes: /** @type {string[]} */ ([]),
    /** Why the scenario could not run on this machine (it then neither passes nor fails). */
    skipped: '',
    fail(reason) {
      row.failures.push(reason)
    },
    skip(reason) {
      row.skipped = reason
    },
    note(text) {
      row.notes.push(text)
    },
    /** Fills in the counts of a tally. */
    count(tally) {
      row.requests += tally.requests
      row.serverErrors += tally.serverErrors
      row.resets += tally.resets
    },
    /**
     * Reads the stored rows (the server has stopped), fills in the comparison with the ledger and
     * fails on anything but exactly the acknowledged rows; null when the database cannot be read.
     */
    async compare(ledger, db) {
      let comparison
      try {
        comparison = compareRows(ledger, await db.storedNames())
      } catch (error) {
        row.fail(`reading the stored rows failed: ${error instanceof Error ? error.message : error}`)
        return null
      }
      row.rows = comparison.rows
      row.lost = comparison.lost
      if (comparison.lost > 0) row.fail(`${comparison.lost} acknowledged submissions have no row`)
      if (comparison.duplicates > 0) row.fail(`${comparison.duplicates} rows repeat a submission already stored`)
      if (comparison.unknown > 0) row.fail(`${comparison.unknown} rows belong to no submission of this run`)
      return comparison
    },
  }
  return row
}

/** Statuses other than the expected ones, as 'status ×count' for a failure message. */
export function describeStatuses(tally) {
  const parts = [...tally.statuses].map(([status, count]) => `${status} ×${count}`)
  if (tally.serverErrors) parts.push(`5xx ×${tally.serverErrors}`)
  if (tally.resets) parts.push(`reset ×${tally.resets}`)
  if (tally.refused) parts.push(`refused ×${tally.refused}`)
  if (tally.timeouts) parts.push(`no answer ×${tally.timeouts}`)
  if (tally.otherErrors) parts.push(`other errors ×${tally.otherErrors}`)
  const examples = tally.examples.length > 0 ? ` (${[...new Set(tally.examples)].join('; ')})` : ''
  return parts.join(', ') + examples
}

/** Stops the server with SIGTERM (it must exit 0 within 10 s) and notes anything else as a failure. */
export async function stopServer(server, row) {
  if (!server.alive) {
    const { code, signal } = server.exitInfo
    row.fail(`the server had exited by itself (${signal ?? `code ${code}`}):\n${server.excerpt()}`)
    return
  }
  const stop = await server.terminate()
  if (stop.timedOut) row.fail(`the server did not exit within ${stop.seconds.toFixed(1)} s of SIGTERM (killed):\n${server.excerpt()}`)
  else if (stop.code !== 0) row.fail(`the server exited with ${stop.signal ?? `code ${stop.code}`} after SIGTERM:\n${server.excerpt()}`)
  return stop
}

export function seconds(ms) {
  return (ms / 1000).toFixed(1)
}
