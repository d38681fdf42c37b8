// Lighthouse 12 runs in the Chromium at /usr/bin/chromium (CHROMIUM_PATH): mobile emulation with
// simulated throttling, either Lighthouse's default (slow 4G) or regular 3G. For each page the run
// with the median performance score is kept (scores vary with the machine's load).
import { createRequire } from 'node:module'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

export const LIGHTHOUSE_VERSION = createRequire(import.meta.url)('lighthouse/package.json').version

/** Lighthouse's own mobile profile, and regular 3G: 300 ms round trips, 700 kbps, 4× CPU slowdown. */
export const PROFILES = {
  mobile: {},
  '3g': {
    throttling: {
      rttMs: 300,
      throughputKbps: 700,
      cpuSlowdownMultiplier: 4,
      requestLatencyMs: 1125,
      downloadThroughputKbps: 630,
      uploadThroughputKbps: 630,
    },
  },
}

/** @param {{ base: string, paths: string[], runs?: number, profile?: string, log?: (line: string) => void }} options */
export async function lighthouseRuns({ base, paths, runs = 3, profile = 'mobile', log = () => {} }) {
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
      // A run that fails to record its trace (NO_NAVSTART and the like) is repeated, twice at most.
      for (let run = 0, failures = 0; run < runs;) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          ...PROFILES[profile],
        })
        const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' }
        if (error || !result) {
          if (++failures > 2) throw new Error(`${url}: ${error?.code} ${error?.message}`)
          continue
        }
        results.push(result.lhr)
        run++
      }
      results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0))
      const { categories, audits } = /** @type {import('lighthouse').Result} */ (results[Math.floor(results.length / 2)])
      const score = (id) => Math.round((categories[id]?.score ?? 0) * 100)
      const ms = (id) => audits[id]?.numericValue ?? NaN
      const row = {
        path,
        performance: score('performance'),
        scores: results.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcp: ms('first-contentful-paint') / 1000,
        lcp: ms('largest-contentful-paint') / 1000,
        tbt: Math.round(ms('total-blocking-time')),
        cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
        transferKb: Math.round((audits['total-byte-weight']?.numericValue ?? 0) / 1000),
        failing: Object.values(audits)
          .filter((audit) => audit.score === 0 && audit.scoreDisplayMode === 'binary')
          .map((audit) => audit.id),
      }
      log(
        `Lighthouse ${profile} ${path}: ${row.performance} (${row.scores.join('/')}), FCP ${row.fcp.toFixed(2)} s, LCP ${row.lcp.toFixed(2)} s`,
      )
      rows.push(row)
    }
  } finally {
    await chrome.kill()
  }
  return rows
}
