// kill -9 in the middle of a load, then an immediate restart on the same database, a few times
// over: every acknowledged submission has its row afterwards, and each restart works at once.
import { Ledger, postSubmissions } from '../checks.js'
import { submissionMaker } from '../forms.js'
import { keepAliveAgent, Tally } from '../load.js'
import { delay } from '../server-process.js'
import { describeStatuses, launch, reportRow, stopServer } from './kit.js'

export const title = 'kill -9 mid-load, restart'

export async function run(ctx, db, { kills = 3, connections = 50, postsAfter = 200, timeLimitMs = 240_000 } = {}) {
  const row = reportRow(title, db)
  const deadline = Date.now() + timeLimitMs
  const ledger = new Ledger()
  const next = submissionMaker(ctx.runId, 'kill')
  const tally = new Tally()
  const restartSeconds = []
  // Every server that is going to be killed runs unreaped, so that it is a zombie at the restart.
  /** @type {Awaited<ReturnType<typeof launch>> | null} */
  let server = await launch(ctx, db, { unreaped: kills > 0 })
  server.resetPeak()
  let peak = 0
  try {
    for (let round = 1; round <= kills; round++) {
      const agent = keepAliveAgent(connections)
      // Killed somewhere between 100 and 400 acknowledged posts into the round, requests in flight.
      const killAfter = 100 + Math.floor(Math.random() * 300)
      let killed = false
      const before = tally.acknowledged
      const load = postSubmissions({
        port: ctx.port,
        agent,
        next,
        ledger,
        tally,
        total: 5_000,
        connections,
        deadline,
        shouldStop: () => killed,
      })
      while (tally.acknowledged - before < killAfter && Date.now() < deadline && server.alive) await delay(10)
      peak = Math.max(peak, server.peakBytes())
      if (tally.acknowledged - before < killAfter) {
        row.fail(
          `round ${round}: only ${tally.acknowledged - before} posts were acknowledged before the time limit: ${describeStatuses(tally)}`,
        )
        killed = true
        await load
        agent.destroy()
        break
      }
      killed = true
      await server.kill()
      // The new server starts at once, while the killed one is still a zombie holding its pid (as
      // after a crash that no supervisor has collected yet).
      const restarted = Date.now()
      let restartedServer
      try {
        restartedServer = await launch(ctx, db, { unreaped: round < kills })
      } catch (error) {
        row.fail(`restart ${round} right after kill -9 failed: ${error instanceof Error ? error.message : error}`)
      }
      await server.release()
      await load
      agent.destroy()
      if (!restartedServer) {
        server = null
        break
      }
      server = restartedServer
      server.resetPeak()
      restartSeconds.push((Date.now() - restarted) / 1000)
    }
    if (server) {
      // The restarted server takes new submissions as before.
      const agent = keepAliveAgent(connections)
      const after = await postSubmissions({ port: ctx.port, agent, next, ledger, total: postsAfter, connections, deadline })
      agent.destroy()
      tally.merge(after)
      if (after.acknowledged < postsAfter)
        row.fail(
          `after the last restart, ${postsAfter - after.acknowledged} of ${postsAfter} posts were not acknowledged: ${describeStatuses(after)}`,
        )
      peak = Math.max(peak, server.peakBytes())
      await stopServer(server, row)
    }
  } finally {
    if (server?.alive) await server.kill()
    await server?.release()
  }
  row.count(tally)
  if (tally.serverErrors > 0) row.fail(`${tally.serverErrors} answers were server errors: ${describeStatuses(tally)}`)
  row.note(`resets here are the requests in flight at each kill -9 (expected)`)
  row.acknowledged = tally.acknowledged
  row.rssPeak = peak
  row.seconds = restartSeconds.length > 0 ? `restart ≤ ${Math.max(...restartSeconds).toFixed(1)}` : ''
  if (restartSeconds.length > 0) row.note(`restarts after kill -9 ready in ${restartSeconds.map((s) => s.toFixed(1)).join(', ')} s`)
  const comparison = await row.compare(ledger, db)
  if ((comparison?.unacknowledged ?? 0) > 0)
    row.note(`${comparison?.unacknowledged} posts in flight at a kill were stored without an answer (the visitor saw no success)`)
  return row
}
