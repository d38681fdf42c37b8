// Lighthouse 12 runs in the Chromium at /usr/bin/chromium (CHROMIUM_PATH): mobile emulation with
// simulated throttling, either Lighthouse's default (slow 4G) or regular 3G. Each run also records
// Lighthouse's processor yardstick (`benchmarkIndex`), the main thread's script evaluation and the
// number of long tasks. For each page the run with the median performance score gives the scores and
// timings; the yardstick, the script evaluation and the long tasks are each the median of the runs.
// The timed runs are of the performance category alone; one more run per page scores accessibility,
// best practices and SEO (`UNTIMED`).
//
// With several servers (`lighthouseCompare`), the runs of one page take turns between them (A B, then
// B A, …), so that a change in the machine's load falls on both alike.
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

/**
 * Two runs' yardsticks further apart than this (as a share of the lower) come from machines, or
 * moments of one machine, that ran at different speeds: Lighthouse read 1,848 and 2,731 a minute
 * apart on a busy 2-core machine. Their timings do not compare.
 */
export const COMPARABLE_BENCHMARK_SPREAD = 0.2

/** Whether two benchmarkIndex readings are close enough for their runs' timings to compare. */
export function benchmarksCompare(a, b) {
  if (!Number.isFinite(a) || !Number.isFinite(b) || a <= 0 || b <= 0) return false
  return Math.abs(a - b) / Math.min(a, b) <= COMPARABLE_BENCHMARK_SPREAD
}

export function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b)
  if (sorted.length === 0) return NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

async function launchChrome() {
  return chromeLauncher.launch({
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
}

/**
 * The categories of a timed run, and of the one run per page and server that scores the rest.
 * With the accessibility, best-practices and SEO audits in the same run, Lighthouse's TBT of one
 * page and build scattered from 0 to 547 ms, over 200 ms in 16 of 24 runs; with the performance
 * category alone, over 200 ms in 2 of 26 (`/fa/clinic`, two servers taking turns, 2026-11-29). What
 * those audits gather is no part of a visitor's load, so the timed runs leave them to a run of
 * their own.
 */
const TIMED = ['performance']
const UNTIMED = ['accessibility', 'best-practices', 'seo']

/** One Lighthouse run of `url`; a run that fails to record its trace (NO_NAVSTART and the like) is repeated, twice at most. */
async function lighthouseRun(chrome, url, profile, categories = TIMED) {
  for (let failures = 0; ;) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      ...PROFILES[profile],
    })
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' }
    if (!error && result) return result.lhr
    if (++failures > 2) throw new Error(`${url}: ${error?.code} ${error?.message}`)
  }
}

/**
 * What the main thread did in one run, as Lighthouse counts it with its 4× slowdown: script
 * evaluation (its "mainthread-work-breakdown", the group "Script Evaluation"), the whole main
 * thread's work, and the tasks of 50 ms or more (all of them, not only the 20 the report lists).
 */
export function mainThreadOf(lhr) {
  const breakdown = lhr.audits['mainthread-work-breakdown']?.details?.items ?? []
  const group = (id) => breakdown.find((item) => item.group === id)?.duration ?? 0
  const longTasks = lhr.audits['long-tasks']?.details
  return {
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    scriptEvaluation: group('scriptEvaluation'),
    mainThread: breakdown.reduce((sum, item) => sum + item.duration, 0),
    longTasks: longTasks?.debugData?.tasks?.length ?? longTasks?.items?.length ?? 0,
  }
}

/** The binary audits a run failed. */
function failedAudits(lhr) {
  return Object.values(lhr.audits)
    .filter((audit) => audit.score === 0 && audit.scoreDisplayMode === 'binary')
    .map((audit) => audit.id)
}

/**
 * The row of one page from its timed runs and its untimed run: the median-score run's scores and
 * timings, the medians of the rest, and the untimed run's scores.
 */
function pageRow(path, results, untimed) {
  const sorted = [...results].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0))
  const middle = sorted[Math.floor(sorted.length / 2)]
  const { categories, audits } = middle
  const score = (id) => Math.round(((categories[id] ?? untimed.categories[id])?.score ?? 0) * 100)
  const ms = (id) => audits[id]?.numericValue ?? NaN
  const threads = results.map(mainThreadOf)
  return {
    path,
    performance: score('performance'),
    scores: sorted.map((r) => Math.round(r.categories.performance.score * 100)),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: ms('first-contentful-paint') / 1000,
    lcp: ms('largest-contentful-paint') / 1000,
    tbt: Math.round(ms('total-blocking-time')),
    cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
    transferKb: Math.round((audits['total-byte-weight']?.numericValue ?? 0) / 1000),
    failing: [...new Set([...failedAudits(middle), ...failedAudits(untimed)])],
    // In run order: what each run measured, then the medians.
    runs: threads,
    benchmarkIndex: median(threads.map((t) => t.benchmarkIndex)),
    scriptEvaluation: median(threads.map((t) => t.scriptEvaluation)),
    mainThread: median(threads.map((t) => t.mainThread)),
    longTasks: median(threads.map((t) => t.longTasks)),
    tbts: results.map((r) => Math.round(r.audits['total-blocking-time']?.numericValue ?? NaN)),
  }
}

/** Lighthouse against one server: a row per page (see pageRow). */
export async function lighthouseRuns({ base, paths, runs = 3, profile = 'mobile', log = () => {} }) {
  const [rows] = await lighthouseCompare({ servers: [{ label: '', base }], paths, runs, profile, log })
  return rows
}

/**
 * Lighthouse against several servers (`servers`: [{ label, base }]) in one browser, the servers taking
 * turns run by run on each page (the first server first in odd runs, last in even ones), then one
 * untimed run of each for the other categories (`UNTIMED`). Returns the rows of each server, in the
 * order given.
 */
export async function lighthouseCompare({
  servers,
  paths,
  runs = 3,
  profile = 'mobile',
  log = /** @type {(line: string) => void} */ (() => {}),
}) {
  const chrome = await launchChrome()
  const rowsOf = servers.map(() => [])
  try {
    for (const path of paths) {
      const results = servers.map(() => [])
      for (let run = 0; run < runs; run++) {
        const order = run % 2 === 0 ? servers.map((_, i) => i) : servers.map((_, i) => servers.length - 1 - i)
        for (const index of order) results[index].push(await lighthouseRun(chrome, new URL(path, servers[index].base).toString(), profile))
      }
      for (const [index, server] of servers.entries()) {
        const untimed = await lighthouseRun(chrome, new URL(path, server.base).toString(), profile, UNTIMED)
        const row = pageRow(path, results[index], untimed)
        rowsOf[index].push(row)
        log(
          `Lighthouse ${profile}${server.label ? ` (${server.label})` : ''} ${path}: ${row.performance} (${row.scores.join('/')}), ` +
            `FCP ${row.fcp.toFixed(2)} s, LCP ${row.lcp.toFixed(2)} s, TBT ${row.tbt} ms (${row.tbts.join('/')}), ` +
            `script evaluation ${Math.round(row.scriptEvaluation)} ms (${row.runs.map((r) => Math.round(r.scriptEvaluation)).join('/')}), ` +
            `long tasks ${row.longTasks}, benchmarkIndex ${Math.round(row.benchmarkIndex)}`,
        )
      }
    }
  } finally {
    await chrome.kill()
  }
  return rowsOf
}
