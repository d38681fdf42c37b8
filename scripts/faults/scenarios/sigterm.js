// SIGTERM while 50 keep-alive connections keep posting: every request the server took is answered
// (none failed, none reset), new connections are refused once it stops listening, and it exits 0
// within 10 s with every acknowledged submission stored.
import { Ledger, postSubmissions } from '../checks.js'
import { submissionMaker } from '../forms.js'
import { keepAliveAgent, Tally } from '../load.js'
import { delay } from '../server-process.js'
import { describeStatuses, launch, reportRow } from './kit.js'

export const title = 'SIGTERM under load'

const EXIT_LIMIT_S = 10

export async function run(ctx, db, { connections = 50, loadBeforeMs = 4_000, timeLimitMs = 90_000 } = {}) {
  const row = reportRow(title, db)
  const deadline = Date.now() + timeLimitMs
  const ledger = new Ledger()
  const tally = new Tally()
  const server = await launch(ctx, db)
  server.resetPeak()
  const agent = keepAliveAgent(connections)
  let stop
  try {
    let exited = false
    let signalled = false
    let signalledAt = 0
    const resetTimes = []
    void server.exited.then(() => (exited = true))
    const load = postSubmissions({
      port: ctx.port,
      agent,
      next: submissionMaker(ctx.runId, 'sigterm'),
      ledger,
      tally,
      total: 20_000,
      connections,
      deadline,
      // After SIGTERM a connection is refused once the listener has closed: that client stops, as
      // a browser would show its error; the others go on over their open keep-alive connections.
      givesUp: (result) => {
        if (result.outcome === 'reset') resetTimes.push(Date.now() - signalledAt)
        return signalled && result.outcome === 'refused'
      },
      shouldStop: () => exited,
    })
    const warm = Date.now() + loadBeforeMs
    while (Date.now() < warm && server.alive) await delay(50)
    const inFlightAtSignal = tally.requests
    signalled = true
    signalledAt = Date.now()
    stop = await server.terminate(EXIT_LIMIT_S * 1000)
    await load
    if (resetTimes.length > 0) {
      const when = resetTimes.map((ms) => `${ms >= 0 ? '+' : ''}${(ms / 1000).toFixed(2)}`)
      row.note(`resets at ${[...new Set(when)].slice(0, 10).join(', ')} s from SIGTERM`)
    }
    row.note(`SIGTERM after ${inFlightAtSignal} requests had been sent; connections refused once the listener closed: ${tally.refused}`)
  } finally {
    agent.destroy()
    if (server.alive) await server.kill()
  }
  row.count(tally)
  row.acknowledged = tally.acknowledged
  row.rssPeak = server.peakBytes()
  row.seconds = `exit ${stop.seconds.toFixed(1)}`
  if (stop.timedOut) row.fail(`the server had not exited ${stop.seconds.toFixed(1)} s after SIGTERM (killed):\n${server.excerpt()}`)
  else if (stop.code !== 0) row.fail(`exit ${stop.signal ?? `code ${stop.code}`} after SIGTERM:\n${server.excerpt()}`)
  else if (stop.seconds > EXIT_LIMIT_S) row.fail(`exit took ${stop.seconds.toFixed(1)} s (limit ${EXIT_LIMIT_S} s)`)
  const failed = tally.requests - tally.acknowledged - tally.refused
  if (failed > 0) row.fail(`${failed} requests failed: ${describeStatuses(tally)}`)
  const comparison = await row.compare(ledger, db)
  if ((comparison?.unacknowledged ?? 0) > 0) row.fail(`${comparison?.unacknowledged} submissions were stored but answered with a failure`)
  return row
}
