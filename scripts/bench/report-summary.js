// The benchmark report's summary: one row per target, with the measurement and whether it is met.
import { benchmarksCompare } from './lighthouse.js'
import { HALVED_PAGES, MAX_TBT_MS, MB, MIN_PERFORMANCE, check, int, ms, percent, roundsOf, s } from './report-format.js'

/** The summary's rows: measurement, result, target, met. */
export function summaryRows(r) {
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
  return summary
}
