// The benchmark report's number formats and targets, shared by its summary and its details.
export const BEGIN = '<!-- bench:begin -->'
export const END = '<!-- bench:end -->'

export const MB = (bytes) => `${Math.round(bytes / 1_000_000)} MB`
export const ms = (value) => (Number.isFinite(value) ? `${value < 10 ? value.toFixed(2) : Math.round(value)} ms` : '—')
export const int = (value) => Math.round(value).toLocaleString('en-US')
/** ' (median of 262, 301, 284)' when the posts ran in several rounds. */
export const roundsOf = (post) => (post.rounds?.length > 1 ? ` (median of ${post.rounds.map(int).join(', ')})` : '')
/** '20000 posts at 50 connections: a warm-up round, then 3 rounds; posts/s is the median round' */
export function postRounds(post) {
  if (!post) return 'no posts'
  const rounds = post.rounds?.length ?? 1
  const how = `${post.warmUp ? 'a warm-up round, then ' : ''}${rounds > 1 ? `${rounds} rounds; posts/s is the median round` : ''}`
  return `${post.sent} posts at 50 connections${how ? `: ${how}` : ''}`
}
export const s = (value) => `${value.toFixed(2)} s`
export const check = (ok) => (ok ? 'yes' : '**no**')
export const percent = (ratio) => `${Math.round(ratio * 100)} %`
/** Pages whose script evaluation must be at most half the base build's. */
export const HALVED_PAGES = ['/clinic', '/fa/clinic']
export const MAX_TBT_MS = 200
export const MIN_PERFORMANCE = 95
/** A marker in the report with this run's benchmarkIndex, read by the next run. */
export const INDEX_MARK = /<!-- bench:benchmarkIndex (\d+(?:\.\d+)?) ([\w+-]+) (\S+) -->/
