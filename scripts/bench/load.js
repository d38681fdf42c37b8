// Page load on 127.0.0.1 with a generator that is not the bottleneck: wrk (C, from Debian) when it
// is installed, otherwise autocannon with worker threads. Both keep `connections` open and report
// requests per second and latency percentiles.
import { execFile, spawnSync } from 'node:child_process'
import { promisify } from 'node:util'
import autocannon from 'autocannon'

const execFileAsync = promisify(execFile)
const HAS_WRK = spawnSync('wrk', ['--version']).error === undefined

export const GENERATOR = HAS_WRK ? 'wrk (1 thread)' : 'autocannon (2 worker threads)'

/** { rps, p50, p99, requests, errors } for GETs of `url` with gzip accepted. */
export async function measure(url, { connections = 50, seconds = 10, headers = { 'Accept-Encoding': 'gzip' } } = {}) {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) throw new Error(`The benchmark loads 127.0.0.1 only, not ${url}`)
  return HAS_WRK ? withWrk(url, connections, seconds, headers) : withAutocannon(url, connections, seconds, headers)
}

async function withWrk(url, connections, seconds, headers) {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  const { stdout } = await execFileAsync('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...headerArgs, url], {
    timeout: (seconds + 30) * 1000,
  })
  const ms = (label) => {
    const match = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(stdout)
    if (!match) return NaN
    const value = Number(match[1])
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value
  }
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0)
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0)
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout)
  const errors = non2xx + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0)
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0), p50: ms(50), p99: ms(99), requests, errors }
}

async function withAutocannon(url, connections, seconds, headers) {
  const result = await autocannon({ url, connections, duration: seconds, workers: 2, headers })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.non2xx + result.errors + result.timeouts,
  }
}
