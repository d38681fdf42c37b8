// What the database must hold: every acknowledged submission exactly once. The ledger remembers
// each submission sent and whether the server acknowledged it; `compareRows` sets it against the
// names stored in the database.
import { isAcknowledged, loadFormPages } from './forms.js'
import { runConcurrently, send, Tally } from './load.js'

export class Ledger {
  /** name → { submission, acknowledged } */
  entries = new Map()

  record(submission, acknowledged) {
    const entry = this.entries.get(submission.name)
    if (entry) entry.acknowledged ||= acknowledged
    else this.entries.set(submission.name, { submission, acknowledged })
  }

  acknowledged() {
    return [...this.entries.values()].filter((entry) => entry.acknowledged).map((entry) => entry.submission)
  }
}

/**
 * rows: stored rows; lost: acknowledged submissions with no row; duplicates: rows beyond the first
 * of one submission; unacknowledged: rows of submissions whose answer never arrived (in flight when
 * the server was killed: allowed, the visitor saw no success and sends again).
 */
export function compareRows(ledger, storedNames) {
  const counts = new Map()
  for (const name of storedNames) counts.set(name, (counts.get(name) ?? 0) + 1)
  let lost = 0
  let duplicates = 0
  let unacknowledged = 0
  for (const [name, { acknowledged }] of ledger.entries) {
    const count = counts.get(name) ?? 0
    if (acknowledged && count === 0) lost++
    if (count > 1) duplicates += count - 1
    if (!acknowledged && count > 0) unacknowledged++
  }
  const unknown = [...counts.keys()].filter((name) => !ledger.entries.has(name)).length
  return { rows: storedNames.length, lost, duplicates, unacknowledged, unknown }
}

/**
 * Posts new submissions from `next()` with `connections` in flight, recording each in the ledger
 * and the tally; stops at `total`, the deadline, or when `shouldStop()` says so. A connection
 * whose result makes `givesUp(result)` true sends nothing more.
 */
/**
 * @param {{ port: number, agent: import('node:http').Agent, next: () => { name: string, path: string, body: string },
 *   ledger: Ledger, tally?: Tally, total: number, connections: number, deadline: number,
 *   shouldStop?: () => boolean, givesUp?: (result: any) => boolean }} options
 */
export async function postSubmissions({
  port,
  agent,
  next,
  ledger,
  tally = new Tally(),
  total,
  connections,
  deadline,
  shouldStop,
  givesUp = () => false,
}) {
  await loadFormPages({ port, agent })
  await runConcurrently({
    total,
    connections,
    deadline,
    shouldStop,
    job: async () => {
      const submission = next()
      const result = await send({ port, agent, path: submission.path, body: submission.body })
      const acknowledged = isAcknowledged(result)
      ledger.record(submission, acknowledged)
      tally.add(result, acknowledged)
      return !givesUp(result)
    },
  })
  return tally
}

/** Sends already-acknowledged submissions again, unchanged (a resubmitted page, a retry). */
export async function replaySubmissions({ port, agent, submissions, tally = new Tally(), connections, deadline }) {
  await runConcurrently({
    total: submissions.length,
    connections,
    deadline,
    job: async (index) => {
      const submission = submissions[index]
      const result = await send({ port, agent, path: submission.path, body: submission.body })
      tally.add(result, isAcknowledged(result))
    },
  })
  return tally
}
