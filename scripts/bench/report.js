// The benchmark's report: one summary table against the targets, then the details, in Markdown. It is
// printed and written into docs/performance.md between the benchmark's markers.
import { readFileSync, writeFileSync } from 'node:fs'
import { COMPARABLE_BENCHMARK_SPREAD, benchmarksCompare } from './lighthouse.js'
import { BEGIN, END, INDEX_MARK, MB, int, ms, percent, postRounds, roundsOf, s } from './report-format.js'
import { summaryRows } from './report-summary.js'

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
  lines.push(table(['measurement', 'result', 'target', 'met'], summaryRows(r)), '')

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
