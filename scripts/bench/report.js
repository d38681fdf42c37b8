// The benchmark's report: one summary table against the targets, then the details, in Markdown. It is
// printed and written into docs/performance.md between the benchmark's markers.
import { readFileSync, writeFileSync } from 'node:fs'
import { COMPARABLE_BENCHMARK_SPREAD, benchmarksCompare } from './lighthouse.js'

const BEGIN = '<!-- bench:begin -->'
const END = '<!-- bench:end -->'

const MB = (bytes) => `${Math.round(bytes / 1_000_000)} MB`
const ms = (value) => (Number.isFinite(value) ? `${value < 10 ? value.toFixed(2) : Math.round(value)} ms` : '—')
const int = (value) => Math.round(value).toLocaleString('en-US')
/** ' (median of 262, 301, 284)' when the posts ran in several rounds. */
const roundsOf = (post) => (post.rounds?.length > 1 ? ` (median of ${post.rounds.map(int).join(', ')})` : '')
/** '20000 posts at 50 connections: a warm-up round, then 3 rounds; posts/s is the median round' */
function postRounds(post) {
  if (!post) return 'no posts'
  const rounds = post.rounds?.length ?? 1
  const how = `${post.warmUp ? 'a warm-up round, then ' : ''}${rounds > 1 ? `${rounds} rounds; posts/s is the median round` : ''}`
  return `${post.sent} posts at 50 connections${how ? `: ${how}` : ''}`
}
const s = (value) => `${value.toFixed(2)} s`
const check = (ok) => (ok ? 'yes' : '**no**')
const percent = (ratio) => `${Math.round(ratio * 100)} %`
/** Pages whose script evaluation must be at most half the base build's. */
const HALVED_PAGES = ['/clinic', '/fa/clinic']
const MAX_TBT_MS = 200
const MIN_PERFORMANCE = 95
/** A marker in the report with this run's benchmarkIndex, read by the next run. */
const INDEX_MARK = /<!-- bench:benchmarkIndex (\d+(?:\.\d+)?) ([\w+-]+) (\S+) -->/

export function formatReport(r) {
  const lines = []
  const { machine } = r
  lines.push(
    `Run of ${r.started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, ` +
      `Node ${machine.node}, load average ${machine.loadAverage.toFixed(2)} at the start; load generator ${r.generator}, 50 connections; ` +
      `commit ${r.commit ?? 'unknown'}.`,
    '',
  )
  const index = runIndex(r)
  if (Number.isFinite(index)) {
    const previous = r.previousIndex
    let line = `Lighthouse's benchmarkIndex (the machine's speed as Lighthouse measures it; median of every run): ${int(index)}.`
    if (previous) {
      const apart = Math.abs(index - previous.index) / Math.min(index, previous.index)
      line += ` The previous report's run (${previous.commit}, ${previous.date}) read ${int(previous.index)}, ${percent(apart)} apart: ${
        benchmarksCompare(index, previous.index)
          ? 'close enough to compare its timings with these'
          : `**its timings do not compare with these** (more than ${percent(COMPARABLE_BENCHMARK_SPREAD)} apart)`
      }.`
    }
    lines.push(line, '')
  }
  const summary = []
  for (const { page, site, yardstick } of r.pages) {
    const ratio = site.rps / yardstick.rps
    summary.push([`Cached ${page}: share of the static server's req/s`, `${(ratio * 100).toFixed(0)} %`, '≥ 40 %', check(ratio >= 0.4)])
    summary.push([`Cached ${page}: p99`, ms(site.p99), '< 20 ms', check(site.p99 < 20)])
  }
  for (const row of r.postLists ?? []) {
    summary.push([`${row.page} with ${row.posts} posts a stream, rendered: median`, ms(row.p50), '≤ 30 ms', check(row.p50 <= 30)])
  }
  if (r.counting) {
    const { ratio } = r.counting
    summary.push([
      'Cached /clinic with site analytics counting: share of its req/s without',
      `${(ratio * 100).toFixed(1)} %`,
      '≥ 95 %',
      check(ratio >= 0.95),
    ])
  }
  if (r.lighthouse) {
    const worst = (rows, key, pick) => rows.reduce((a, b) => (pick(a[key], b[key]) ? a : b))
    const minScore = worst(r.lighthouse, 'performance', (a, b) => a <= b)
    const maxLcp = worst(r.lighthouse, 'lcp', (a, b) => a >= b)
    const maxCls = worst(r.lighthouse, 'cls', (a, b) => a >= b)
    const others = r.lighthouse.every((row) => row.accessibility === 100 && row.bestPractices === 100 && row.seo === 100)
    const maxTbt = worst(r.lighthouse, 'tbt', (a, b) => a >= b)
    summary.push([
      'Lighthouse mobile, lowest performance score',
      `${minScore.performance} (${minScore.path})`,
      `≥ ${MIN_PERFORMANCE}`,
      check(minScore.performance >= MIN_PERFORMANCE),
    ])
    summary.push([
      'Lighthouse mobile, highest TBT',
      `${maxTbt.tbt} ms (${maxTbt.path})`,
      `≤ ${MAX_TBT_MS} ms`,
      check(maxTbt.tbt <= MAX_TBT_MS),
    ])
    // Against the first base given: the build before the change.
    const base = r.lighthouseBases?.[0]
    for (const page of base ? HALVED_PAGES : []) {
      const now = r.lighthouse.find((row) => row.path === page)
      const before = base.rows.find((row) => row.path === page)
      if (!now || !before) continue
      const ratio = now.scriptEvaluation / before.scriptEvaluation
      const compares = benchmarksCompare(now.benchmarkIndex, before.benchmarkIndex)
      summary.push([
        `Script evaluation on ${page}, beside the base build (${base.commit.slice(0, 7)})`,
        `${ms(now.scriptEvaluation)} against ${ms(before.scriptEvaluation)}: ${percent(ratio)}${compares ? '' : " (the machine's speed moved between them: do not compare)"}`,
        '≤ 50 %',
        compares ? check(ratio <= 0.5) : 'not comparable',
      ])
    }
    summary.push(['Lighthouse mobile, highest LCP', `${s(maxLcp.lcp)} (${maxLcp.path})`, '≤ 1.5 s', check(maxLcp.lcp <= 1.5)])
    summary.push(['Lighthouse mobile, highest CLS', `${maxCls.cls.toFixed(3)} (${maxCls.path})`, '0', check(maxCls.cls === 0)])
    summary.push(['Accessibility, best practices, SEO', others ? 'all 100' : 'below 100 somewhere', '100', check(others)])
    const maxFcp3g = worst(r.lighthouse3g, 'fcp', (a, b) => a >= b)
    summary.push(['Regular 3G, highest first paint', `${s(maxFcp3g.fcp)} (${maxFcp3g.path})`, '≤ 2.5 s', check(maxFcp3g.fcp <= 2.5)])
  }
  for (const post of r.posts) {
    const onPostgres = post.database === 'PostgreSQL'
    summary.push([
      `Posts on ${post.database}, ${post.processes} process${post.processes > 1 ? 'es' : ''}`,
      `${int(post.perSecond)}/s${roundsOf(post)}, ${post.rows} rows for ${post.acknowledged} acknowledged`,
      onPostgres ? '≥ 300/s, none lost' : 'none lost',
      check((!onPostgres || post.perSecond >= 300) && post.rows === post.acknowledged),
    ])
  }
  for (const [database, limit] of /** @type {const} */ ([
    ['PostgreSQL', 300],
    ['embedded', 350],
  ])) {
    const peak = r.posts.find((post) => post.database === database && post.processes === 1)?.peak
    if (peak === undefined) continue
    summary.push([
      `Server memory under load (posts, one process, ${database})`,
      MB(peak),
      `≤ ${limit} MB`,
      check(peak <= limit * 1_000_000),
    ])
  }
  lines.push(table(['measurement', 'result', 'target', 'met'], summary), '')

  lines.push('Pages from the page cache beside a plain Node static server sending the same bytes (gzip):', '')
  lines.push(
    table(
      ['page', 'site req/s', 'site p50', 'site p99', 'static req/s', 'static p50', 'static p99', 'share'],
      r.pages.map(({ page, site, yardstick }) => [
        `\`${page}\``,
        int(site.rps),
        ms(site.p50),
        ms(site.p99),
        int(yardstick.rps),
        ms(yardstick.p50),
        ms(yardstick.p99),
        `${((site.rps / yardstick.rps) * 100).toFixed(0)} %`,
      ]),
    ),
    '',
  )
  lines.push('Rendered for every request (the page cache off):', '')
  lines.push(
    table(
      ['page', 'req/s', 'p50', 'p99', 'errors'],
      r.uncached.map(({ page, site }) => [`\`${page}\``, int(site.rps), ms(site.p50), ms(site.p99), site.errors]),
    ),
    '',
  )
  if (r.postLists) {
    lines.push(
      `The posts' list pages with ${r.postLists[0]?.posts ?? 0} posts in each stream, rendered for every request (the page cache off), one request at a time after a warm-up:`,
      '',
    )
    lines.push(
      table(
        ['page', 'requests', 'p50', 'p90'],
        r.postLists.map((row) => [`\`${row.page}\``, row.requests, ms(row.p50), ms(row.p90)]),
      ),
      '',
    )
  }
  if (r.counting) {
    const { on, off } = r.counting
    lines.push(
      `Cached \`/clinic\` with site analytics counting every request as a visit (a phone's user agent) and with \`ANALYTICS=off\`: two servers measured in turns, ${on.rounds.length} rounds each, median:`,
      '',
    )
    lines.push(
      table(
        ['counting', 'req/s (median)', 'rounds', 'errors'],
        [
          ['on', int(on.rps), on.rounds.map(int).join(', '), on.errors],
          ['off', int(off.rps), off.rounds.map(int).join(', '), off.errors],
        ],
      ),
      '',
    )
  }
  lines.push(
    `Appointment and registration posts (${postRounds(r.posts[0])}, rows counted afterwards), and cached \`/clinic\` on the same server; memory at rest is the server's before the posts, on a new database:`,
    '',
  )
  lines.push(
    table(
      [
        'database',
        'processes',
        'warm-up posts/s',
        'posts/s',
        'acknowledged',
        'rows',
        '5xx',
        'resets',
        'memory at rest',
        'memory peak',
        '/clinic req/s',
        '/clinic p99',
      ],
      r.posts.map((p) => [
        p.database,
        p.processes,
        p.warmUp ? int(p.warmUp) : '–',
        `${int(p.perSecond)}${roundsOf(p)}`,
        p.acknowledged,
        p.rows,
        p.serverErrors,
        p.resets,
        p.restRss ? MB(p.restRss) : '–',
        MB(p.peak),
        int(p.page.rps),
        ms(p.page.p99),
      ]),
    ),
    '',
  )
  lines.push(
    `Server memory (embedded database, the folder the pages were served from): at rest ${MB(r.idleRss)}, peak under the page load ${MB(r.pageLoadRss)}.`,
    '',
  )
  if (r.lighthouse) {
    const runs = r.lighthouseRuns ?? 3
    lines.push(
      `Lighthouse ${r.lighthouseVersion}, mobile: ${runs === 1 ? 'one run' : `median of ${runs} runs`} (scores and timings of the run with the median score; ` +
        `script evaluation, long tasks and benchmarkIndex are each the median of the runs; the timed runs are of the performance category alone, ` +
        `accessibility, best practices and SEO come from one more run); regular 3G: 300 ms, 700 kbps, 4× CPU, median of ${runs === 1 ? 1 : 3}:`,
      '',
    )
    lines.push(
      table(
        [
          'page',
          'performance',
          'FCP',
          'LCP',
          'TBT',
          'CLS',
          'script evaluation',
          'long tasks',
          'benchmarkIndex',
          'a11y / BP / SEO',
          '3G performance',
          '3G FCP',
          '3G LCP',
        ],
        r.lighthouse.map((row, i) => {
          const slow = r.lighthouse3g[i]
          return [
            `\`${row.path}\``,
            `${row.performance} (${row.scores.join('/')})`,
            s(row.fcp),
            s(row.lcp),
            `${row.tbt} ms`,
            row.cls.toFixed(3),
            ms(row.scriptEvaluation),
            String(row.longTasks),
            int(row.benchmarkIndex),
            `${row.accessibility} / ${row.bestPractices} / ${row.seo}`,
            slow.performance,
            s(slow.fcp),
            s(slow.lcp),
          ]
        }),
      ),
      '',
    )
  }
  for (const { commit, subject, rows } of r.lighthouseBases ?? []) {
    lines.push(
      `This build beside the base build, \`${commit.slice(0, 7)}\` ("${subject}"), built in a temporary folder and served beside it; ` +
        `the builds' Lighthouse runs took turns page by page (mobile, ${(r.lighthouseRuns ?? 3) === 1 ? 'one run' : `median of ${r.lighthouseRuns ?? 3} runs`} each). ` +
        `A row whose two benchmarkIndex medians are more than ${percent(COMPARABLE_BENCHMARK_SPREAD)} apart ran on a machine whose speed moved: its figures do not compare.`,
      '',
    )
    lines.push(
      table(
        [
          'page',
          'performance: this / base',
          'TBT: this / base',
          'script evaluation: this / base',
          'share',
          'long tasks: this / base',
          'LCP: this / base',
          'benchmarkIndex: this / base',
          'compares',
        ],
        r.lighthouse.map((row, i) => {
          const before = rows[i]
          const compares = benchmarksCompare(row.benchmarkIndex, before.benchmarkIndex)
          return [
            `\`${row.path}\``,
            `${row.performance} / ${before.performance}`,
            `${row.tbt} / ${before.tbt} ms`,
            `${ms(row.scriptEvaluation)} / ${ms(before.scriptEvaluation)}`,
            percent(row.scriptEvaluation / before.scriptEvaluation),
            `${row.longTasks} / ${before.longTasks}`,
            `${s(row.lcp)} / ${s(before.lcp)}`,
            `${int(row.benchmarkIndex)} / ${int(before.benchmarkIndex)}`,
            compares ? 'yes' : '**no**',
          ]
        }),
      ),
      '',
    )
  }
  if (Number.isFinite(index))
    lines.push(`<!-- bench:benchmarkIndex ${Math.round(index)} ${r.commit ?? 'unknown'} ${r.started.toISOString().slice(0, 16)} -->`, '')
  return lines.join('\n')
}

/** A Markdown table; columns whose cells all start with a digit are right-aligned. */
function table(head, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`
  const numeric = head.map((_, i) => rows.length > 0 && rows.every((row) => /^[\d.,]/.test(String(row[i]))))
  return [line(head), line(numeric.map((right) => (right ? '---:' : '---'))), ...rows.map(line)].join('\n')
}

/** The median benchmarkIndex of every Lighthouse run of this build, NaN without Lighthouse. */
function runIndex(r) {
  const readings = (r.lighthouse ?? []).flatMap((row) => row.runs?.map((run) => run.benchmarkIndex) ?? [])
  const sorted = readings.filter(Number.isFinite).sort((a, b) => a - b)
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN
}

/** Writes the report between the markers in `file` (appended with them when missing); returns it. */
export function writeReport(results, file) {
  const text = readFileSync(file, 'utf8')
  const previous = INDEX_MARK.exec(text)
  const report = formatReport({
    ...results,
    previousIndex: previous ? { index: Number(previous[1]), commit: previous[2], date: previous[3].replace('T', ' ') } : null,
  })
  const block = `${BEGIN}\n${report}\n${END}`
  const begin = text.indexOf(BEGIN)
  const end = text.indexOf(END)
  writeFileSync(
    file,
    begin >= 0 && end > begin ? text.slice(0, begin) + block + text.slice(end + END.length) : `${text.trimEnd()}\n\n${block}\n`,
  )
  return report
}
