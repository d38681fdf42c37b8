// PostgreSQL only. Under load, every connection of the server is terminated (pg_terminate_backend),
// then the cluster is restarted (pg_ctl restart): the server stays up and, within seconds of each,
// /healthz answers 200 and a form post is acknowledged again; no acknowledged submission is lost.
import { Ledger, postSubmissions } from '../checks.js'
import { isAcknowledged, submissionMaker } from '../forms.js'
import { keepAliveAgent, send, Tally } from '../load.js'
import { delay, healthStatus } from '../server-process.js'
import { describeStatuses, launch, reportRow, stopServer } from './kit.js'

export const title = 'PostgreSQL terminate + restart'
export const postgresOnly = true

const RECOVERY_LIMIT_S = 10
const PROBE_EVERY_MS = 100

export async function run(ctx, db, { connections = 20, loadBeforeMs = 3_000, between = 2_000, timeLimitMs = 120_000 } = {}) {
  const row = reportRow(title, db)
  const deadline = Date.now() + timeLimitMs
  const ledger = new Ledger()
  const tally = new Tally()
  const probes = new Tally()
  const next = submissionMaker(ctx.runId, 'outage')
  const server = await launch(ctx, db)
  server.resetPeak()
  const agent = keepAliveAgent(connections)
  let done = false
  const load = postSubmissions({
    port: ctx.port,
    agent,
    next,
    ledger,
    tally,
    total: 50_000,
    connections,
    deadline,
    shouldStop: () => done || !server.alive,
  })

  /** Seconds from `since` until /healthz is 200 and a new post is acknowledged, or null. */
  async function recovery(since, what) {
    const limit = Date.now() + 30_000
    while (Date.now() < limit && server.alive) {
      if ((await healthStatus(ctx.port)) === 200) {
        const submission = next()
        const result = await send({ port: ctx.port, path: submission.path, body: submission.body })
        const acknowledged = isAcknowledged(result)
        ledger.record(submission, acknowledged)
        probes.add(result, acknowledged)
        if (acknowledged) return (Date.now() - since) / 1000
      }
      await delay(PROBE_EVERY_MS)
    }
    if (!server.alive) {
      const { code, signal } = server.exitInfo
      row.fail(`the server exited (${signal ?? `code ${code}`}) after ${what}:\n${server.excerpt()}`)
    } else row.fail(`no recovery within 30 s of ${what}`)
    return null
  }

  const recoveries = []
  try {
    await delay(loadBeforeMs)
    const terminatedAt = Date.now()
    const ended = await db.cluster.terminateBackends(db.database)
    row.note(`${ended} server connections terminated`)
    const afterTerminate = await recovery(terminatedAt, 'pg_terminate_backend')
    recoveries.push(afterTerminate)
    if (server.alive) {
      await delay(between)
      const restartedAt = Date.now()
      await db.cluster.restart()
      const back = (Date.now() - restartedAt) / 1000
      const afterRestart = await recovery(restartedAt, 'pg_ctl restart')
      recoveries.push(afterRestart)
      row.note(`pg_ctl restart took ${back.toFixed(1)} s; recovery is counted from the restart command`)
      await delay(1_000)
    }
  } finally {
    done = true
    await load
    agent.destroy()
    row.rssPeak = server.peakBytes()
    // A death during recovery() is already reported, with what caused it.
    if (server.alive || !row.failures.some((reason) => reason.startsWith('the server exited'))) await stopServer(server, row)
  }
  tally.merge(probes)
  row.count(tally)
  row.acknowledged = tally.acknowledged
  row.seconds = `recover ${recoveries.map((s) => (s === null ? '—' : s.toFixed(1))).join(' / ')}`
  for (const [index, value] of recoveries.entries()) {
    if (value !== null && value > RECOVERY_LIMIT_S)
      row.fail(`recovery after ${index === 0 ? 'terminate' : 'restart'} took ${value.toFixed(1)} s (limit ${RECOVERY_LIMIT_S} s)`)
  }
  if (tally.serverErrors > 0) row.note(`5xx are answers during the outages (503, the form kept): ${describeStatuses(tally)}`)
  await row.compare(ledger, db)
  return row
}
