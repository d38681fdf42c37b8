// npm run bench [-- --quick] [--no-lighthouse] [--seconds 10] [--base <commit> [--base <commit>…] | --no-base]
//
// The performance benchmark: builds if needed, starts the production server on fresh databases and
// measures, with traffic to 127.0.0.1 only:
//   - public pages from the page cache (/clinic, /fa/clinic) beside the same bytes from a plain
//     Node static server in the same run, and the same pages rendered without the cache;
//   - appointment and registration posts on a private PostgreSQL cluster (initdb in a temporary
//     folder), with one and with two server processes, and on the embedded database, rows counted
//     afterwards;
//   - Lighthouse (mobile, and regular 3G) for eight pages, median of five runs, with each run's
//     benchmarkIndex, main-thread script evaluation and long tasks; the mobile runs take turns with
//     the build of a base commit (--base; by default where this branch left main, or on main the
//     commit before the last), built into a temporary folder and served beside this one; with
//     several --base, with each of them (the first is the one the targets compare with);
//   - the posts' list pages rendered with 500 posts a stream in the database (median of 200);
//   - the server's memory at rest and under load, on each database.
// Prints the results and writes them to docs/performance.md. A measurement, not a test: it fails
// only when something could not be measured, never on a number. --quick: 3 s loads, one
// Lighthouse run per page. --no-base: no base build, no comparison.
import { writeFileSync } from 'node:fs'
import { execFileSync, spawn } from 'node:child_process'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureBuild } from '../faults/build.js'
import { cleanUp, cleanUpOnSignals, onCleanup, temporaryFolder } from '../faults/cleanup.js'
import { Ledger, postSubmissions } from '../faults/checks.js'
import { embeddedTarget, postgresTarget, storageFolder } from '../faults/databases.js'
import { submissionMaker } from '../faults/forms.js'
import { keepAliveAgent, Tally } from '../faults/load.js'
import { startHealthyServer } from '../faults/server-process.js'
import { baseCommit, buildBase } from './base-build.js'
import { LIGHTHOUSE_VERSION, lighthouseCompare, lighthouseRuns } from './lighthouse.js'
import { GENERATOR, measure } from './load.js'
import { measureCounting } from './counting.js'
import { measurePostLists } from './post-lists.js'
import { writeReport } from './report.js'
import { freePort } from '../deploy/ports.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const BUILD_DIR = process.env.BUILD_DIR ?? 'build-bench'
const args = process.argv.slice(2)
const quick = args.includes('--quick')
const seconds = Number(args[args.indexOf('--seconds') + 1]) || (quick ? 3 : 10)
const lighthouseWanted = !args.includes('--no-lighthouse')
const baseWanted = lighthouseWanted && !args.includes('--no-base')
/** The commits given with --base, in order; none: the default base. */
const baseRefs = args.flatMap((arg, i) => (arg === '--base' && args[i + 1] ? [args[i + 1]] : []))
/** Lighthouse runs per page and build: the median of five (one with --quick). */
const LIGHTHOUSE_RUNS = quick ? 1 : 5
const CONNECTIONS = 50
const POSTS = quick ? 1_000 : 5_000
const POST_ROUNDS = quick ? 1 : 3
/**
 * Posts sent before the measured rounds, as the pages are visited before theirs: a fresh process
 * spends about half as much again on each of its first few thousand posts while V8 compiles the
 * hot paths (5.8 ms of CPU each in the first 1,250, 2.7–3.2 ms from the 3,750th on, in one run). Their
 * rate is reported, and their rows are counted with the others.
 */
const WARM_UP_POSTS = quick ? 0 : 5_000
const CACHED_PAGES = ['/clinic', '/fa/clinic']
const LIGHTHOUSE_PAGES = [
  '/',
  '/clinic',
  '/clinic/appointment',
  '/clinic/contact',
  '/academy',
  '/academy/register',
  '/fa/clinic',
  '/ps/academy',
]
/** The server setting that turns the page cache off, for the uncached rendering row. */
const NO_PAGE_CACHE = { PAGE_CACHE_MAX_BYTES: '0' }

cleanUpOnSignals()
const results = {
  started: new Date(),
  machine: machineFacts(),
  generator: GENERATOR,
  lighthouseVersion: LIGHTHOUSE_VERSION,
  lighthouseRuns: LIGHTHOUSE_RUNS,
  commit: currentCommit(),
}
try {
  await ensureBuild(ROOT, BUILD_DIR)
  // The base commits' builds, for Lighthouse side by side (their servers start with the Lighthouse runs).
  const baseCommitIds = new Set()
  for (const ref of baseWanted ? (baseRefs.length ? baseRefs : [undefined]) : []) {
    const commit = baseCommit(ROOT, ref)
    if (commit) baseCommitIds.add(commit)
  }
  const bases = []
  for (const commit of baseCommitIds) bases.push(await buildBase(ROOT, commit, log))
  if (baseWanted && bases.length === 0) log('No base commit to compare with: Lighthouse measures this build alone.')
  const storageDir = storageFolder()
  const port = await freePort()

  // Pages: the cached server, the static yardstick, then the uncached server.
  const dataDir = temporaryFolder('bench-data-').path
  let server = await start(port, { DATA_DIR: dataDir, STORAGE_DIR: storageDir })
  for (const page of [...CACHED_PAGES, ...LIGHTHOUSE_PAGES]) await get(port, page)
  results.idleRss = server.rssBytes()
  const staticServer = await startStaticServer(port, CACHED_PAGES)
  results.pages = []
  server.resetPeak()
  for (const [index, page] of CACHED_PAGES.entries()) {
    const site = await measure(`http://127.0.0.1:${port}${page}`, { connections: CONNECTIONS, seconds })
    const yardstick = await measure(`http://127.0.0.1:${staticServer.port}/${index}`, { connections: CONNECTIONS, seconds })
    results.pages.push({ page, site, yardstick })
    log(`${page}: ${Math.round(site.rps)} req/s from the page cache, ${Math.round(yardstick.rps)} req/s from the static server`)
  }
  results.pageLoadRss = server.peakBytes()
  staticServer.stop()
  if (lighthouseWanted) {
    const servers = [{ label: 'this build', base: `http://127.0.0.1:${port}` }]
    const baseServers = []
    for (const base of bases) {
      const basePort = await freePort()
      const baseServer = await startHealthyServer({
        root: base.root,
        buildDir: base.buildDir,
        port: basePort,
        env: { DATA_DIR: temporaryFolder('bench-base-data-').path, STORAGE_DIR: storageDir },
      })
      baseServers.push(baseServer)
      for (const page of LIGHTHOUSE_PAGES) await get(basePort, page)
      servers.push({ label: `base ${base.commit.slice(0, 7)}`, base: `http://127.0.0.1:${basePort}` })
    }
    const [current, ...previous] = await lighthouseCompare({ servers, paths: LIGHTHOUSE_PAGES, runs: LIGHTHOUSE_RUNS, log })
    results.lighthouse = current
    results.lighthouseBases = bases.map((base, i) => ({ commit: base.commit, subject: base.subject, rows: previous[i] }))
    for (const baseServer of baseServers) await baseServer.terminate()
    results.lighthouse3g = await lighthouseRuns({
      base: `http://127.0.0.1:${port}`,
      paths: LIGHTHOUSE_PAGES,
      runs: quick ? 1 : 3,
      profile: '3g',
      log,
    })
  }
  await server.terminate()

  server = await start(port, { DATA_DIR: dataDir, STORAGE_DIR: storageDir, ...NO_PAGE_CACHE })
  results.uncached = []
  for (const page of CACHED_PAGES) {
    await get(port, page)
    const site = await measure(`http://127.0.0.1:${port}${page}`, { connections: CONNECTIONS, seconds })
    results.uncached.push({ page, site })
    log(`${page} without the page cache: ${Math.round(site.rps)} req/s`)
  }
  await server.terminate()

  // The posts' list pages with 500 posts a stream in the database, rendered for every request.
  results.postLists = await measurePostLists({ start: (env) => start(port, env), storageDir, log })

  // Site analytics: cached /clinic with counting on and off, two servers measured in turns.
  results.counting = await measureCounting({ start, storageDir, connections: CONNECTIONS, seconds, rounds: quick ? 3 : 5, log })
  log(`/clinic cached with counting on: ${(results.counting.ratio * 100).toFixed(1)} % of its req/s with counting off`)

  // Posts on PostgreSQL, with one and two server processes, then on the embedded database (one
  // process: its folder belongs to a single process).
  const postgres = await postgresTarget({ port: await freePort() })
  const embedded = embeddedTarget()
  results.posts = []
  for (const [target, processes] of /** @type {const} */ ([
    [postgres, 1],
    [postgres, 2],
    [embedded, 1],
  ])) {
    const db = await target.prepare(`bench_posts_${processes}`)
    server = await start(port, { ...db.env, STORAGE_DIR: storageDir, WEB_CONCURRENCY: String(processes) })
    const restRss = server.resetPeak()
    // Three rounds on the same server: the machine's own noise moves one round by ±10 %; the
    // median is reported, with every round beside it.
    const ledger = new Ledger()
    const next = submissionMaker(`b${process.pid}`, `${target.kind}${processes}`)
    let tally = new Tally()
    /** Sends `total` posts on fresh connections; their rate per second. */
    const sendRound = async (total) => {
      const agent = keepAliveAgent(CONNECTIONS)
      const began = Date.now()
      const before = tally.acknowledged
      tally = await postSubmissions({ port, agent, next, ledger, tally, total, connections: CONNECTIONS, deadline: began + 300_000 })
      agent.destroy()
      return (tally.acknowledged - before) / ((Date.now() - began) / 1000)
    }
    const warmUp = WARM_UP_POSTS > 0 ? await sendRound(WARM_UP_POSTS) : null
    const rounds = []
    for (let round = 0; round < POST_ROUNDS; round++) rounds.push(await sendRound(POSTS))
    const peak = server.peakBytes()
    const page = await measure(`http://127.0.0.1:${port}/clinic`, { connections: CONNECTIONS, seconds })
    await server.terminate()
    const rows = (await db.storedNames()).length
    results.posts.push({
      database: target.label,
      processes,
      sent: tally.requests,
      acknowledged: tally.acknowledged,
      rows,
      serverErrors: tally.serverErrors,
      resets: tally.resets,
      perSecond: median(rounds),
      rounds,
      warmUp,
      restRss,
      peak,
      page,
    })
    log(
      `${target.label}, ${processes} process(es): ${warmUp === null ? '' : `warm-up ${Math.round(warmUp)}, then `}${rounds.map(Math.round).join(', ')} posts/s, ${rows} rows for ${tally.acknowledged} acknowledged; memory peak ${Math.round(peak / 1e6)} MB; /clinic ${Math.round(page.rps)} req/s`,
    )
  }

  const report = writeReport(results, path.join(ROOT, 'docs/performance.md'))
  console.info(`\n${report}`)
} catch (error) {
  console.error(error instanceof Error ? error.stack : error)
  process.exitCode = 1
} finally {
  await cleanUp()
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

function log(line) {
  console.info(line)
}

function start(port, env) {
  return startHealthyServer({ root: ROOT, buildDir: BUILD_DIR, port, env })
}

/** GET with gzip accepted: { status, headers, body } with the body as sent (compressed). */
function get(port, page) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: page, headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
        const chunks = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }))
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

/** The static yardstick, serving the bytes the site just sent for each page. */
async function startStaticServer(sitePort, pages) {
  const folder = temporaryFolder('bench-static-').path
  const files = []
  for (const [index, page] of pages.entries()) {
    const { status, headers, body } = await get(sitePort, page)
    if (status !== 200) throw new Error(`${page} answered ${status}`)
    const file = path.join(folder, `${index}.json`)
    const kept = { 'Content-Type': headers['content-type'], 'Content-Encoding': headers['content-encoding'] ?? 'identity' }
    writeFileSync(file, JSON.stringify({ headers: kept, body: body.toString('base64') }))
    files.push(file)
  }
  const port = await freePort()
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/bench/static-server.js'), String(port), ...files], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const stop = onCleanup(`the static server ${child.pid}`, () => child.kill('SIGKILL'))
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve)
    child.once('exit', (code) => reject(new Error(`The static server exited with ${code}`)))
  })
  return { port, stop }
}

/** The checkout's commit, with '+' when it has changes not committed. */
function currentCommit() {
  try {
    const git = (...words) => execFileSync('git', words, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? '+' : ''}`
  } catch {
    return 'unknown'
  }
}

function machineFacts() {
  const cpus = os.cpus()
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg()[0],
    node: process.version,
  }
}
