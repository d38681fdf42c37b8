// The one table a fault run prints, and the reasons of every failed row below it.

const COLUMNS = [
  ['scenario', 'scenario'],
  ['database', 'database'],
  ['requests', 'requests'],
  ['acknowledged', 'acknowledged'],
  ['rows', 'rows'],
  ['serverErrors', '5xx'],
  ['lost', 'lost'],
  ['resets', 'resets'],
  ['rssPeak', 'RSS peak'],
  ['seconds', 'seconds'],
  ['result', 'result'],
]

function cell(row, key) {
  if (key === 'result') return resultOf(row)
  if (key === 'rssPeak') return row.rssPeak ? `${Math.round(row.rssPeak / (1024 * 1024))} MB` : '—'
  const value = row[key]
  return value === '' || value === undefined ? '—' : String(value)
}

/** 'pass', 'FAIL', or 'skipped' when the machine does not allow the scenario (a failure wins). */
export function resultOf(row) {
  if (row.failures.length > 0) return 'FAIL'
  return row.skipped ? 'skipped' : 'pass'
}

export function formatTable(rows) {
  const header = COLUMNS.map(([, title]) => title)
  const body = rows.map((row) => COLUMNS.map(([key]) => cell(row, key)))
  const widths = header.map((title, i) => Math.max(title.length, ...body.map((cells) => cells[i]?.length ?? 0)))
  const numeric = (i) => i >= 2 && i <= 8
  const line = (cells) => `| ${cells.map((text, i) => (numeric(i) ? text.padStart(widths[i]) : text.padEnd(widths[i]))).join(' | ')} |`
  const rule = `|${widths.map((width, i) => (numeric(i) ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`
  return [line(header), rule, ...body.map(line)].join('\n')
}

export function formatDetails(rows) {
  const lines = []
  for (const row of rows) {
    const heading = `${row.scenario}, ${row.database}`
    if (row.skipped) lines.push(`  ${heading}: skipped: ${row.skipped}`)
    for (const note of row.notes) lines.push(`  ${heading}: ${note}`)
    for (const failure of row.failures) lines.push(`  ${heading}: FAIL: ${failure}`)
  }
  return lines.join('\n')
}
