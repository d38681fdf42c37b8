// npm run test:faults [-- --only 1,3] [--database postgresql|embedded] [--rebuild]
//
// Fault runs against the production build, on a private PostgreSQL cluster (initdb in a temporary
// folder, its own port) and on the embedded database (a temporary DATA_DIR), all traffic on
// 127.0.0.1. Prints one table and exits non-zero when any scenario fails. Servers, the cluster and
// the temporary folders are removed at the end, whatever happened.
//
// Environment: BUILD_DIR (default build-faults), FAULTS_PORT (the servers' port) and
// FAULTS_PG_PORT (the cluster's port); free ports are picked when these are not set. FAULTS_KEEP=1
// keeps the embedded databases' folders.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureBuild } from './build.js'
import { cleanUp, cleanUpOnSignals } from './cleanup.js'
import { embeddedTarget, postgresTarget, storageFolder } from './databases.js'
import { formatDetails, formatTable, resultOf } from './table.js'
import * as exactRows from './scenarios/exact-rows.js'
import * as killRestart from './scenarios/kill-restart.js'
import * as sigterm from './scenarios/sigterm.js'
import * as postgresOutage from './scenarios/postgres-outage.js'
import * as hugeBodies from './scenarios/huge-bodies.js'
import * as diskFull from './scenarios/disk-full.js'
import { reportRow } from './scenarios/kit.js'
import { freePort } from '../deploy/ports.js'

const SCENARIOS = [exactRows, killRestart, sigterm, postgresOutage, hugeBodies, diskFull]
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

function option(args, name) {
  const index = args.indexOf(`--${name}`)
  return index >= 0 ? args[index + 1] : undefined
}

async function main() {
  const args = process.argv.slice(2)
  const only = option(args, 'only')?.split(',').map(Number)
  const databases = option(args, 'database')?.split(',') ?? ['postgresql', 'embedded']
  const buildDir = process.env.BUILD_DIR ?? 'build-faults'
  if (path.isAbsolute(buildDir) || buildDir.startsWith('..'))
    throw new Error('BUILD_DIR must be a folder inside the project (server.js imports it relatively).')

  cleanUpOnSignals()
  await ensureBuild(ROOT, buildDir, { force: args.includes('--rebuild') })

  const ctx = {
    root: ROOT,
    buildDir,
    port: Number(process.env.FAULTS_PORT ?? (await freePort())),
    runId: Math.random().toString(36).slice(2, 8),
    storageDir: storageFolder(),
  }
  const pgPort = Number(process.env.FAULTS_PG_PORT ?? (await freePort()))
  const targets = []
  if (databases.includes('postgresql')) targets.push(await postgresTarget({ port: pgPort }))
  if (databases.includes('embedded')) targets.push(embeddedTarget())

  console.info(`Fault run ${ctx.runId}: servers on 127.0.0.1:${ctx.port}, private PostgreSQL on 127.0.0.1:${pgPort}.`)
  const rows = []
  const started = Date.now()
  for (const target of targets) {
    for (const [index, scenario] of SCENARIOS.entries()) {
      const number = index + 1
      if (only && !only.includes(number)) continue
      if ('postgresOnly' in scenario && target.kind !== 'postgresql') continue
      if ('embeddedOnly' in scenario && target.kind !== 'embedded') continue
      const label = `${number}. ${scenario.title}`
      process.stdout.write(`${label} on ${target.label}… `)
      const scenarioStarted = Date.now()
      let row
      try {
        const db = await target.prepare(`s${number}`)
        row = await scenario.run(ctx, { ...db, kind: target.kind, label: target.label })
      } catch (error) {
        row = reportRow(scenario.title, target)
        row.fail(error instanceof Error ? error.message : String(error))
      }
      row.scenario = label
      rows.push(row)
      console.info(`${resultOf(row)} (${((Date.now() - scenarioStarted) / 1000).toFixed(0)} s)`)
    }
  }

  console.info(`\nFault run ${ctx.runId} (${((Date.now() - started) / 60_000).toFixed(1)} min):\n`)
  console.info(formatTable(rows))
  const details = formatDetails(rows)
  if (details) console.info(`\n${details}`)
  const failed = rows.filter((row) => resultOf(row) === 'FAIL').length
  const skipped = rows.filter((row) => resultOf(row) === 'skipped').length
  console.info(`\n${rows.length - failed - skipped} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
  return failed === 0 ? 0 : 1
}

let code = 1
try {
  code = await main()
} catch (error) {
  console.error(`The fault run could not run: ${error instanceof Error ? error.message : error}`)
} finally {
  await cleanUp()
}
process.exit(code)
