// node scripts/bench/memory.js [--runs 5]
//
// The embedded server's memory, as `npm run bench -- --quick` measures it, on a new data folder and
// on the same folder restarted: the production server is started, its peak reset once it is
// healthy (the memory at rest), then 1,000 posts at 50 connections (the peak). The server's VmRSS
// and VmHWM with its child processes, MB of 10^6 bytes; medians of the runs. Traffic to 127.0.0.1
// only. Environment: BUILD_DIR (default build-bench), PORT (default: a free one).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureBuild } from '../faults/build.js'
import { Ledger, postSubmissions } from '../faults/checks.js'
import { cleanUp, cleanUpOnSignals, temporaryFolder } from '../faults/cleanup.js'
import { submissionMaker } from '../faults/forms.js'
import { keepAliveAgent } from '../faults/load.js'
import { startHealthyServer } from '../faults/server-process.js'
import { freePort } from '../deploy/ports.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const BUILD_DIR = process.env.BUILD_DIR ?? 'build-bench'
const args = process.argv.slice(2)
const runs = Number(args[args.indexOf('--runs') + 1]) || 5
const POSTS = 1_000
const CONNECTIONS = 50
const MB = (bytes) => Math.round(bytes / 1e6)
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

cleanUpOnSignals()
const measured = { new: { rest: [], peak: [] }, restarted: { rest: [], peak: [] } }
try {
  await ensureBuild(ROOT, BUILD_DIR)
  const port = Number(process.env.PORT) || (await freePort())
  for (let run = 1; run <= runs; run++) {
    const folder = temporaryFolder('bench-memory-')
    try {
      for (const kind of ['new', 'restarted']) {
        const env = { DATA_DIR: path.join(folder.path, 'data'), STORAGE_DIR: path.join(folder.path, 'storage') }
        // Creating a folder takes a minute or more on a busy machine.
        const server = await startHealthyServer({ root: ROOT, buildDir: BUILD_DIR, port, env, timeoutMs: 300_000 })
        const rest = server.resetPeak()
        const agent = keepAliveAgent(CONNECTIONS)
        const next = submissionMaker(`m${process.pid}r${run}`, kind)
        const tally = await postSubmissions({
          port,
          agent,
          next,
          ledger: new Ledger(),
          total: POSTS,
          connections: CONNECTIONS,
          deadline: Date.now() + 300_000,
        })
        agent.destroy()
        const peak = server.peakBytes()
        await server.terminate()
        measured[kind].rest.push(MB(rest))
        measured[kind].peak.push(MB(peak))
        console.info(`run ${run}, ${kind} folder: at rest ${MB(rest)} MB, peak ${MB(peak)} MB (${tally.acknowledged} posts acknowledged)`)
      }
    } finally {
      await folder.remove()
    }
  }
  for (const [kind, { rest, peak }] of Object.entries(measured)) {
    console.info(
      `${kind} folder: at rest ${rest.join(', ')} → median ${median(rest)} MB; peak ${peak.join(', ')} → median ${median(peak)} MB`,
    )
  }
} catch (error) {
  console.error(error instanceof Error ? error.stack : error)
  process.exitCode = 1
} finally {
  await cleanUp()
}
