// node scripts/bench/no-js-posts.js [--base <commit>] [--rounds 5] [--posts 1000] [--warm-up 500] [--connections 10]
//
// Appointment requests posted as a browser without JavaScript posts them (to the page itself, form
// encoded, `Accept: text/html`, same-origin `Origin`), to this build and to a base commit's build
// side by side: both servers run at once, each on its own fresh embedded database, and the rounds
// take turns (before then after, then after then before, …), so that the load other programs put
// on the machine falls on both alike. Per round: posts a second, latency p50/p99, and the server's
// CPU time per post; the medians of the rounds are printed, and each row is counted in the
// database afterwards. A measurement, not a test: it fails only when something could not be
// measured. --base: by default where this branch left main (see base-build.js).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureBuild } from '../faults/build.js'
import { cleanUp, cleanUpOnSignals } from '../faults/cleanup.js'
import { embeddedTarget, storageFolder } from '../faults/databases.js'
import { isAcknowledged, loadFormPages, noScriptAppointmentMaker } from '../faults/forms.js'
import { keepAliveAgent, runConcurrently, send, Tally } from '../faults/load.js'
import { startHealthyServer } from '../faults/server-process.js'
import { freePort } from '../deploy/ports.js'
import { baseCommit, buildBase } from './base-build.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const BUILD_DIR = process.env.BUILD_DIR ?? 'build-bench'
const args = process.argv.slice(2)
/** @param {string} flag @param {number} fallback */
const numberArg = (flag, fallback) => (args.includes(flag) ? Number(args[args.indexOf(flag) + 1]) || fallback : fallback)
const ROUNDS = numberArg('--rounds', 5)
const POSTS = numberArg('--posts', 1_000)
const WARM_UP = numberArg('--warm-up', 500)
const CONNECTIONS = numberArg('--connections', 10)
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100

/** @typedef {{ perSecond: number, p50: number, p99: number, cpuMsPerPost: number, tally: Tally }} Round */

cleanUpOnSignals('the benchmark')
try {
  const commit = baseCommit(ROOT, args.includes('--base') ? args[args.indexOf('--base') + 1] : undefined)
  if (!commit) throw new Error('No base commit to compare with.')
  await ensureBuild(ROOT, BUILD_DIR)
  const base = await buildBase(ROOT, commit, console.info)
  const head = git('rev-parse', '--short', 'HEAD')
  const storageDir = storageFolder()
  const databases = embeddedTarget()
  const builds = [
    { label: `before ${commit.slice(0, 7)}`, root: base.root, buildDir: base.buildDir },
    { label: `after ${head}`, root: ROOT, buildDir: BUILD_DIR },
  ]
  const servers = []
  for (const [index, build] of builds.entries()) {
    const db = await databases.prepare(`no-js-${index}`)
    const port = await freePort()
    const env = { ...db.env, STORAGE_DIR: storageDir, WEB_CONCURRENCY: '1' }
    const server = await startHealthyServer({ root: build.root, buildDir: build.buildDir, port, env })
    const next = noScriptAppointmentMaker(String(process.pid), `b${index}`)
    /** @type {Round[]} */
    const rounds = []
    servers.push({ ...build, db, server, next, tally: new Tally(), rounds })
  }
  for (const entry of servers) {
    await loadFormPages({ port: entry.server.port, agent: keepAliveAgent(1) })
    const warm = await sendRound(entry, WARM_UP)
    console.info(`${entry.label}: warm-up ${WARM_UP} posts, ${Math.round(warm.perSecond)}/s`)
  }
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? servers : [...servers].reverse()
    for (const entry of order) {
      const result = await sendRound(entry, POSTS)
      entry.rounds.push(result)
      console.info(`round ${round + 1}, ${entry.label}: ${describe(result)}`)
    }
  }
  console.info(`\n${ROUNDS} rounds of ${POSTS} posts, ${CONNECTIONS} connections, after ${WARM_UP} warm-up posts each; medians:`)
  for (const entry of servers) {
    await entry.server.terminate()
    const rows = (await entry.db.storedNames()).length
    const medians = {
      perSecond: median(entry.rounds.map((r) => r.perSecond)),
      p50: median(entry.rounds.map((r) => r.p50)),
      p99: median(entry.rounds.map((r) => r.p99)),
      cpuMsPerPost: median(entry.rounds.map((r) => r.cpuMsPerPost)),
    }
    const all = entry.rounds.map((r) => Math.round(r.perSecond)).join(', ')
    const { tally } = entry
    console.info(
      `  ${entry.label}: ${describe(medians)} (rounds: ${all}/s); ${tally.acknowledged} of ${tally.requests} acknowledged, ${rows} rows stored, ${tally.serverErrors} server errors`,
    )
  }
  const [before, after] = servers.map((entry) => median(entry.rounds.map((r) => r.perSecond)))
  console.info(`  after / before: ${((after / before) * 100).toFixed(1)} % of the posts a second`)
} catch (error) {
  console.error(error instanceof Error ? error.stack : error)
  process.exitCode = 1
} finally {
  await cleanUp()
}

/**
 * Sends `total` posts to one server on fresh keep-alive connections.
 * @param {{ server: { port: number, pid?: number | null }, next: () => { name: string, path: string, body: string }, tally: Tally }} entry
 * @param {number} total
 * @returns {Promise<Round>}
 */
async function sendRound(entry, total) {
  const agent = keepAliveAgent(CONNECTIONS)
  const tally = new Tally()
  /** @type {number[]} */
  const latencies = []
  const cpuBefore = cpuMs(entry.server.pid)
  const began = performance.now()
  await runConcurrently({
    total,
    connections: CONNECTIONS,
    deadline: Date.now() + 600_000,
    job: async () => {
      const { path: page, body } = entry.next()
      const sent = performance.now()
      const result = await send({ port: entry.server.port, agent, path: page, body, headers: { Accept: 'text/html' } })
      latencies.push(performance.now() - sent)
      tally.add(result, isAcknowledged(result))
    },
  })
  const seconds = (performance.now() - began) / 1000
  const cpu = cpuMs(entry.server.pid) - cpuBefore
  agent.destroy()
  entry.tally.merge(tally)
  if (tally.acknowledged < tally.requests)
    console.info(`  not acknowledged: ${tally.requests - tally.acknowledged} (${tally.examples.join('; ')})`)
  latencies.sort((a, b) => a - b)
  return {
    perSecond: tally.acknowledged / seconds,
    p50: latencies[Math.floor(latencies.length * 0.5)],
    p99: latencies[Math.floor(latencies.length * 0.99)],
    cpuMsPerPost: cpu / total,
    tally,
  }
}

/**
 * The process's user and system CPU time so far, in milliseconds (all its threads: the embedded
 * database's worker too).
 * @param {number | null | undefined} pid
 */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /s, '')
    .split(' ')
  // After the command's closing parenthesis, utime and stime are the 12th and 13th fields.
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000
}

/** @param {{ perSecond: number, p50: number, p99: number, cpuMsPerPost: number }} r */
function describe(r) {
  return `${Math.round(r.perSecond)} posts/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.cpuMsPerPost.toFixed(2)} ms CPU a post`
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** @param {string[]} words */
function git(...words) {
  return execFileSync('git', words, { cwd: ROOT, encoding: 'utf8' }).trim()
}
