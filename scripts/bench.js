// npm run perf:bench -- [--url http://127.0.0.1:3000] [--seconds 10] [--connections 10] [paths...]
// Throughput and latency of server-rendered pages with autocannon, against a running production
// server on this machine (loopback only), for a fixed short time per path. A measurement, not a test.
import autocannon from 'autocannon'

const args = process.argv.slice(2)
function option(name, fallback) {
  const index = args.indexOf(`--${name}`)
  return index >= 0 ? args.splice(index, 2)[1] : fallback
}
const base = new URL(option('url', process.env.PERF_URL ?? 'http://127.0.0.1:3000'))
const seconds = Math.min(Number(option('seconds', '10')), 60)
const connections = Math.min(Number(option('connections', '10')), 100)
const paths = args.length > 0 ? args : ['/clinic', '/academy']

if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) {
  console.error(`Refusing to load ${base.hostname}: the benchmark runs against a server on this machine only.`)
  process.exit(1)
}

const rows = []
for (const path of paths) {
  const url = new URL(path, base).toString()
  // A short warm-up, so the first compilation of each code path is not measured.
  await autocannon({ url, connections: 2, duration: 2, headers: { 'accept-encoding': 'gzip' } })
  const result = await autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'gzip' } })
  const bad = result.non2xx + result.errors + result.timeouts
  rows.push({
    path,
    'req/s (mean)': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p90 ms': result.latency.p90,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    requests: result.requests.total,
    'errors/non-2xx': bad,
  })
}

console.info(`autocannon: ${connections} connections, ${seconds} s per path, against ${base.origin} (gzip)`)
console.table(rows)
