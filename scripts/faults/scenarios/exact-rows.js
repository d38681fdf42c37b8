// 5,000 form posts at 50 connections, then 500 of the acknowledged ones sent again unchanged:
// the database holds exactly one row per acknowledged submission, and nothing else.
import { Ledger, postSubmissions, replaySubmissions } from '../checks.js'
import { submissionMaker } from '../forms.js'
import { keepAliveAgent } from '../load.js'
import { describeStatuses, launch, reportRow, seconds, stopServer } from './kit.js'

export const title = '5,000 posts + 500 replays'

export async function run(ctx, db, { posts = 5_000, replays = 500, connections = 50, timeLimitMs = 420_000 } = {}) {
  const row = reportRow(title, db)
  const started = Date.now()
  const deadline = started + timeLimitMs
  const server = await launch(ctx, db)
  server.resetPeak()
  const agent = keepAliveAgent(connections)
  const ledger = new Ledger()
  try {
    const first = await postSubmissions({
      port: ctx.port,
      agent,
      next: submissionMaker(ctx.runId, 'exact'),
      ledger,
      total: posts,
      connections,
      deadline,
    })
    const acknowledged = ledger.acknowledged()
    const again = await replaySubmissions({
      port: ctx.port,
      agent,
      submissions: shuffle(acknowledged).slice(0, replays),
      connections,
      deadline,
    })
    const load = Date.now() - started
    row.count(first)
    row.count(again)
    row.acknowledged = `${first.acknowledged} + ${again.acknowledged}`
    row.rssPeak = server.peakBytes()
    row.seconds = seconds(load)
    row.note(`${Math.round((first.requests + again.requests) / (load / 1000))} requests/s`)
    if (first.requests < posts) row.fail(`only ${first.requests} of ${posts} posts were sent within the time limit`)
    else if (first.acknowledged < posts)
      row.fail(`${posts - first.acknowledged} of ${posts} posts were not acknowledged: ${describeStatuses(first)}`)
    if (again.requests < Math.min(replays, acknowledged.length) || again.acknowledged < again.requests) {
      row.fail(`replays: ${again.acknowledged} of ${Math.min(replays, acknowledged.length)} acknowledged: ${describeStatuses(again)}`)
    }
  } finally {
    agent.destroy()
    await stopServer(server, row)
  }
  const comparison = await row.compare(ledger, db)
  if ((comparison?.unacknowledged ?? 0) > 0) row.fail(`${comparison?.unacknowledged} submissions were stored without being acknowledged`)
  return row
}

function shuffle(items) {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j], copy[i]]
  }
  return copy
}
