// npm run perf:lighthouse -- [--url http://127.0.0.1:3000] [--runs 3] [paths...]
// Lighthouse 12 (mobile: emulated phone, simulated slow 4G and CPU) against a running production
// server, in the Chromium at /usr/bin/chromium (CHROMIUM_PATH). Prints the four category scores per
// path and the main timings, from the run with the median performance score when --runs > 1
// (scores vary with the machine's load). A measurement, not a test: it never fails on a score.
import { createRequire } from 'node:module'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const { version } = createRequire(import.meta.url)('lighthouse/package.json')

const args = process.argv.slice(2)
const urlFlag = args.indexOf('--url')
const base = (urlFlag >= 0 ? args.splice(urlFlag, 2)[1] : process.env.PERF_URL) ?? 'http://127.0.0.1:3000'
const runsFlag = args.indexOf('--runs')
const runs = Math.max(1, Math.min(Number(runsFlag >= 0 ? args.splice(runsFlag, 2)[1] : 1) || 1, 9))
const paths = args.length > 0 ? args : ['/', '/clinic', '/fa/clinic', '/clinic/appointment', '/academy', '/ps/academy/register']

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
})

const rows = []
try {
  for (const path of paths) {
    const url = new URL(path, base).toString()
    const results = []
    // A run that fails to record its trace (Lighthouse's NO_NAVSTART and the like) is repeated, twice at most.
    for (let run = 0, failures = 0; run < runs;) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' }
      if (error) {
        if (++failures > 2) throw new Error(`${url}: ${error.code} ${error.message}`)
        continue
      }
      results.push(result.lhr)
      run++
    }
    results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0))
    const { categories, audits } = results[Math.floor(results.length / 2)]
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100)
    const ms = (id) => audits[id]?.numericValue ?? NaN
    rows.push({
      path,
      performance:
        runs > 1
          ? `${score('performance')} (${results.map((r) => Math.round(r.categories.performance.score * 100)).join('/')})`
          : score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      'FCP s': (ms('first-contentful-paint') / 1000).toFixed(1),
      'LCP s': (ms('largest-contentful-paint') / 1000).toFixed(1),
      'TBT ms': Math.round(ms('total-blocking-time')),
      CLS: (audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
      'transfer kB': Math.round((audits['total-byte-weight']?.numericValue ?? 0) / 1000),
    })
    const failing = Object.values(audits)
      .filter((audit) => audit.score === 0 && audit.scoreDisplayMode === 'binary')
      .map((audit) => audit.id)
    if (failing.length) console.info(`${path}: failing audits: ${failing.join(', ')}`)
  }
} finally {
  await chrome.kill()
}

console.info(`Lighthouse ${version} (mobile, simulated throttling) against ${base}; median of ${runs} run(s)`)
console.table(rows)
