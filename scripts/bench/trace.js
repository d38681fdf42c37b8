// node scripts/bench/trace.js --url http://127.0.0.1:3000 [--url http://127.0.0.1:3001] [--runs 10] [paths…]
//
// What a page's load costs the browser's main thread in processor time, measured from a Chromium
// performance trace: each run opens the page in a fresh phone-sized context, records a trace until
// the page has hydrated (`<html data-hydrated>`) and a second more, and adds up the main thread's
// own time (the trace's thread time, `tdur`, not the wall clock): script (evaluation of the modules,
// calls into them, microtasks, timers), style and layout, HTML parsing, and the tasks that took
// more than 12.5 ms of it (50 ms on a phone 4× slower, Lighthouse's long task). Thread time leaves
// out the moments the thread waited for a processor, so on a busy machine it moves far less than
// Lighthouse's wall-clock figures; with several --url the servers take turns run by run, and the
// medians are compared. A measurement, not a test.
import { chromium } from '@playwright/test'

const SCRIPT = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'RunMicrotasks',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'v8.compile',
  'v8.compileModule',
])
const STYLE_LAYOUT = new Set(['UpdateLayoutTree', 'Layout', 'RecalculateStyles', 'ParseAuthorStyleSheet'])
const PARSE_HTML = new Set(['ParseHTML'])
const TOP_LEVEL = new Set(['RunTask', 'ThreadControllerImpl::RunTask'])
/** 50 ms of Lighthouse's 4× slower phone. */
export const LONG_TASK_CPU_MS = 12.5

/** The main thread of the renderer that parsed the page at `url` (other renderers, an extension's page for one, are left out). */
function mainThreadEvents(events, url) {
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`))
  const parser = events.find((e) => e.name === 'ParseHTML' && mains.has(`${e.pid}:${e.tid}`) && e.args?.beginData?.url?.startsWith(url))
  // Without the parser's event: the renderer main thread that ran the most script.
  const scripted = new Map()
  for (const e of events)
    if (e.name === 'FunctionCall' && mains.has(`${e.pid}:${e.tid}`))
      scripted.set(`${e.pid}:${e.tid}`, (scripted.get(`${e.pid}:${e.tid}`) ?? 0) + 1)
  const main = parser ? `${parser.pid}:${parser.tid}` : [...scripted.entries()].sort((a, b) => b[1] - a[1])[0]?.[0]
  if (!main) throw new Error(`No main thread of ${url} in the trace`)
  return events
    .filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && Number.isFinite(e.tdur))
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur)
}

/** Sums of the outermost events of each kind (an event inside another of its kind is counted once). */
export function traceFacts(events, url) {
  const main = mainThreadEvents(events, url)
  const sums = { script: 0, styleLayout: 0, parseHtml: 0, tasks: 0, longTasks: 0, longestTask: 0 }
  const open = [] // stack of [end, kind]
  for (const event of main) {
    while (open.length && open[open.length - 1][0] <= event.ts) open.pop()
    const kind = TOP_LEVEL.has(event.name)
      ? 'task'
      : SCRIPT.has(event.name)
        ? 'script'
        : STYLE_LAYOUT.has(event.name)
          ? 'styleLayout'
          : PARSE_HTML.has(event.name)
            ? 'parseHtml'
            : null
    if (!kind) continue
    const inside = open.some(([, k]) => k === kind)
    open.push([event.ts + event.dur, kind])
    if (inside) continue
    const ms = event.tdur / 1000
    if (kind === 'task') {
      sums.tasks += ms
      if (ms > LONG_TASK_CPU_MS) sums.longTasks++
      sums.longestTask = Math.max(sums.longestTask, ms)
    } else sums[kind] += ms
  }
  return sums
}

const CATEGORIES = [
  'devtools.timeline',
  'v8.execute',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'blink.user_timing',
  '__metadata',
]

/** One load of `url`: its trace's facts. */
export async function traceLoad(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    const events = []
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value))
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
    await cdp.send('Tracing.start', { categories: CATEGORIES.join(','), transferMode: 'ReportEvents' })
    await page.goto(url)
    // Asked through the protocol: Playwright's own waiting would put its script in the trace.
    for (let tries = 0; ; tries++) {
      const { result } = await cdp.send('Runtime.evaluate', { expression: "document.documentElement.hasAttribute('data-hydrated')" })
      if (result.value === true) break
      if (tries > 600) throw new Error(`${url} never hydrated`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await cdp.send('Tracing.end')
    await done
    return traceFacts(events, url)
  } finally {
    await context.close()
  }
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** Each base's medians per path, the bases taking turns run by run (ABBA…). */
export async function traceCompare({ bases, paths, runs, log = /** @type {(line: string) => void} */ (() => {}) }) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
  const rows = []
  try {
    for (const path of paths) {
      const facts = bases.map(() => [])
      for (let run = 0; run < runs; run++) {
        const order = run % 2 === 0 ? bases.map((_, i) => i) : bases.map((_, i) => bases.length - 1 - i)
        for (const index of order) facts[index].push(await traceLoad(browser, new URL(path, bases[index]).toString()))
      }
      for (const [index, base] of bases.entries()) {
        const of = (key) => median(facts[index].map((f) => f[key]))
        const row = {
          path,
          base,
          script: of('script'),
          styleLayout: of('styleLayout'),
          parseHtml: of('parseHtml'),
          tasks: of('tasks'),
          longTasks: of('longTasks'),
          longestTask: of('longestTask'),
          scripts: facts[index].map((f) => Math.round(f.script)),
        }
        rows.push(row)
        log(`${base}${path}: script ${row.script.toFixed(1)} ms CPU (${row.scripts.join('/')}), long tasks ${row.longTasks}`)
      }
    }
  } finally {
    await browser.close()
  }
  return rows
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2)
  const option = (name, fallback) => {
    const index = args.indexOf(`--${name}`)
    return index >= 0 ? args.splice(index, 2)[1] : fallback
  }
  const bases = []
  for (let url = option('url'); url; url = option('url')) bases.push(url)
  if (bases.length === 0) bases.push('http://127.0.0.1:3000')
  const runs = Math.max(1, Math.min(Number(option('runs', '10')) || 10, 50))
  const paths = args.length ? args : ['/clinic', '/fa/clinic']
  const rows = await traceCompare({ bases, paths, runs, log: (line) => console.info(line) })
  console.info(`Main-thread processor time (ms, median of ${runs} loads, no slowdown; × 4 for Lighthouse's phone)`)
  console.table(
    rows.map((row) => {
      const first = rows.find((other) => other.path === row.path) ?? row
      return {
        path: row.path,
        server: row.base,
        script: row.script.toFixed(1),
        'vs first': row === first ? '' : `${Math.round((row.script / first.script) * 100)} %`,
        'style+layout': row.styleLayout.toFixed(1),
        'parse HTML': row.parseHtml.toFixed(1),
        'all tasks': row.tasks.toFixed(1),
        [`tasks > ${LONG_TASK_CPU_MS} ms`]: row.longTasks,
        'longest task': row.longestTask.toFixed(1),
      }
    }),
  )
}
