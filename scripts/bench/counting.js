// Site analytics' cost under load: cached /clinic from two servers of the same build, one counting
// visits (ANALYTICS=on) and one not (ANALYTICS=off), measured in turns in the same run (on/off,
// then off/on, …) with a phone browser's user agent, so that every request is a counted visit.
// The median of the rounds is compared. Part of `npm run bench`; alone:
//   node scripts/bench/counting.js [--seconds 10] [--rounds 5]
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureBuild } from '../faults/build.js'
import { cleanUp, cleanUpOnSignals, temporaryFolder } from '../faults/cleanup.js'
import { startHealthyServer } from '../faults/server-process.js'
import { freePort } from '../deploy/ports.js'
import { measure } from './load.js'

/** A phone's browser: counted as a visit (not a crawler), one visitor. */
export const VISITOR_HEADERS = {
  'Accept-Encoding': 'gzip',
  'User-Agent': 'Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
}

/**
 * { on, off, ratio }: each side's rounds and median req/s; `ratio` is on / off (1.0 = no cost).
 * `start(port, env)` starts a server of the build.
 */
export async function measureCounting({ start, storageDir, connections, seconds, rounds, log }) {
  const servers = {}
  for (const setting of ['on', 'off']) {
    const port = await freePort()
    const server = await start(port, {
      DATA_DIR: temporaryFolder(`bench-counting-${setting}-`).path,
      STORAGE_DIR: storageDir,
      ANALYTICS: setting,
    })
    servers[setting] = { port, server, rounds: [] }
  }
  const url = (setting) => `http://127.0.0.1:${servers[setting].port}/clinic`
  // Rendered once and kept by each server's page cache; a short warm-up of each.
  for (const setting of ['on', 'off']) await measure(url(setting), { connections, seconds: 2, headers: VISITOR_HEADERS })
  for (let round = 0; round < rounds; round++) {
    for (const setting of round % 2 === 0 ? ['on', 'off'] : ['off', 'on']) {
      const result = await measure(url(setting), { connections, seconds, headers: VISITOR_HEADERS })
      servers[setting].rounds.push(result)
      log(`/clinic cached, counting ${setting}, round ${round + 1}: ${Math.round(result.rps)} req/s (${result.errors} errors)`)
    }
  }
  for (const setting of ['on', 'off']) await servers[setting].server.terminate()
  const side = (setting) => {
    const list = servers[setting].rounds
    return { rps: median(list.map((r) => r.rps)), rounds: list.map((r) => r.rps), errors: list.reduce((sum, r) => sum + r.errors, 0) }
  }
  const on = side('on')
  const off = side('off')
  return { on, off, ratio: on.rps / off.rps }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
  const BUILD_DIR = process.env.BUILD_DIR ?? 'build-bench'
  const args = process.argv.slice(2)
  const option = (name, fallback) => Number(args[args.indexOf(name) + 1]) || fallback
  cleanUpOnSignals('the benchmark')
  try {
    await ensureBuild(ROOT, BUILD_DIR)
    const result = await measureCounting({
      start: (port, env) => startHealthyServer({ root: ROOT, buildDir: BUILD_DIR, port, env }),
      storageDir: temporaryFolder('bench-counting-storage-').path,
      connections: 50,
      seconds: option('--seconds', 10),
      rounds: option('--rounds', 5),
      log: (line) => console.info(line),
    })
    console.info(
      `Cached /clinic, median of ${result.on.rounds.length}: counting on ${Math.round(result.on.rps)} req/s, off ${Math.round(result.off.rps)} req/s: ${(result.ratio * 100).toFixed(1)} %`,
    )
  } finally {
    cleanUp()
  }
}
