// npm run perf:lighthouse -- [--url http://127.0.0.1:3000 [--url http://127.0.0.1:3001]] [--runs 3] [--profile mobile|3g] [paths...]
// Lighthouse against a running production server; prints the scores and timings of the run with the
// median performance score per page, and the medians of the runs' benchmarkIndex, script evaluation
// and long tasks. With two or more --url, the servers take turns run by run on each page (a build
// beside another on the same machine at the same moment). A measurement, not a test: it never
// fails on a score. `npm run bench` runs the same measurement on its own servers, with everything else.
import { LIGHTHOUSE_VERSION, benchmarksCompare, lighthouseCompare } from './bench/lighthouse.js'

const args = process.argv.slice(2)
/**
 * @param {string} name
 * @param {string} [fallback]
 */
function option(name, fallback) {
  const index = args.indexOf(`--${name}`)
  return index >= 0 ? args.splice(index, 2)[1] : fallback
}
const bases = []
for (let url = option('url'); url; url = option('url')) bases.push(url)
if (bases.length === 0) bases.push(process.env.PERF_URL ?? 'http://127.0.0.1:3000')
const runs = Math.max(1, Math.min(Number(option('runs', '1')) || 1, 9))
const profile = option('profile', 'mobile')
const paths = args.length > 0 ? args : ['/', '/clinic', '/fa/clinic', '/clinic/appointment', '/academy', '/ps/academy/register']

const servers = bases.map((base) => ({ label: base, base }))
const rowsOf = await lighthouseCompare({ servers, paths, runs, profile, log: (line) => console.info(line) })
console.info(`Lighthouse ${LIGHTHOUSE_VERSION} (${profile}, simulated throttling); median of ${runs} run(s)`)
console.table(
  paths.flatMap((path, p) =>
    servers.map((server, s) => {
      const row = rowsOf[s][p]
      return {
        path,
        ...(servers.length > 1 ? { server: server.base } : {}),
        performance: runs > 1 ? `${row.performance} (${row.scores.join('/')})` : row.performance,
        accessibility: row.accessibility,
        'best-practices': row.bestPractices,
        seo: row.seo,
        'FCP s': row.fcp.toFixed(2),
        'LCP s': row.lcp.toFixed(2),
        'TBT ms': row.tbt,
        CLS: row.cls.toFixed(3),
        'script eval ms': Math.round(row.scriptEvaluation),
        'long tasks': row.longTasks,
        benchmarkIndex: Math.round(row.benchmarkIndex),
        ...(servers.length > 1
          ? {
              'vs first': s === 0 ? '' : `${Math.round((row.scriptEvaluation / rowsOf[0][p].scriptEvaluation) * 100)} %`,
              compares: s === 0 || benchmarksCompare(row.benchmarkIndex, rowsOf[0][p].benchmarkIndex) ? 'yes' : 'no',
            }
          : {}),
        'transfer kB': row.transferKb,
      }
    }),
  ),
)
for (const [s, rows] of rowsOf.entries())
  for (const row of rows) if (row.failing.length) console.info(`${servers[s].base}${row.path}: failing audits: ${row.failing.join(', ')}`)
