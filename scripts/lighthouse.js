// npm run perf:lighthouse -- [--url http://127.0.0.1:3000] [--runs 3] [--profile mobile|3g] [paths...]
// Lighthouse against a running production server; prints the scores and timings of the run with the
// median performance score per page. A measurement, not a test: it never fails on a score.
// `npm run bench` runs the same measurement on its own server, with everything else.
import { LIGHTHOUSE_VERSION, lighthouseRuns } from './bench/lighthouse.js'

const args = process.argv.slice(2)
function option(name, fallback) {
  const index = args.indexOf(`--${name}`)
  return index >= 0 ? args.splice(index, 2)[1] : fallback
}
const base = option('url', process.env.PERF_URL ?? 'http://127.0.0.1:3000')
const runs = Math.max(1, Math.min(Number(option('runs', '1')) || 1, 9))
const profile = option('profile', 'mobile')
const paths = args.length > 0 ? args : ['/', '/clinic', '/fa/clinic', '/clinic/appointment', '/academy', '/ps/academy/register']

const rows = await lighthouseRuns({ base, paths, runs, profile })
console.info(`Lighthouse ${LIGHTHOUSE_VERSION} (${profile}, simulated throttling) against ${base}; median of ${runs} run(s)`)
console.table(
  rows.map((row) => ({
    path: row.path,
    performance: runs > 1 ? `${row.performance} (${row.scores.join('/')})` : row.performance,
    accessibility: row.accessibility,
    'best-practices': row.bestPractices,
    seo: row.seo,
    'FCP s': row.fcp.toFixed(2),
    'LCP s': row.lcp.toFixed(2),
    'TBT ms': row.tbt,
    CLS: row.cls.toFixed(3),
    'transfer kB': row.transferKb,
  })),
)
for (const row of rows) if (row.failing.length) console.info(`${row.path}: failing audits: ${row.failing.join(', ')}`)
