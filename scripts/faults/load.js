// Load on 127.0.0.1: form posts over keep-alive connections (node:http, so that every socket error
// is seen as what it is), classified into answers, resets and refused connections.
import http from 'node:http'

const REQUEST_TIMEOUT_MS = 30_000

/** A keep-alive agent holding at most `connections` sockets. */
export function keepAliveAgent(connections) {
  return new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections })
}

/**
 * Sends one request and reads the whole answer. Resolves, never rejects:
 * { status, body, outcome } where outcome is 'answered', 'reset' (the connection was cut after the
 * request was sent: ECONNRESET, EPIPE, socket hang up), 'refused' (nobody listening), 'timeout' or 'error'.
 */
/**
 * @param {{ port: number, path: string, method?: string, body?: string, headers?: Record<string, string>, agent?: import('node:http').Agent }} options
 * @returns {Promise<{ status: number, body: string, outcome: string }>}
 */
export function send({ port, path, method = 'POST', body, headers = {}, agent }) {
  return new Promise((resolve) => {
    let settled = false
    const finish = (result) => {
      if (settled) return
      settled = true
      resolve(result)
    }
    const payload = body === undefined ? undefined : Buffer.from(body)
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          Origin: `http://127.0.0.1:${port}`,
          ...(payload ? { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': payload.length } : {}),
          ...headers,
        },
      },
      (response) => {
        const chunks = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () =>
          finish({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), outcome: 'answered' }),
        )
        response.on('error', (error) => finish(failure(error)))
      },
    )
    request.on('timeout', () => {
      request.destroy()
      finish({ status: 0, body: '', outcome: 'timeout', error: 'no answer in time' })
    })
    request.on('error', (error) => finish(failure(error)))
    request.end(payload)
  })
}

function failure(error) {
  const code = error.code ?? ''
  let outcome = 'error'
  if (code === 'ECONNREFUSED') outcome = 'refused'
  else if (code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up/i.test(error.message)) outcome = 'reset'
  return { status: 0, body: '', outcome, error: `${code || error.name}: ${error.message}` }
}

/**
 * Runs `total` jobs with `connections` of them in flight, until all are done, the deadline passes
 * or `shouldStop()` says so. Each job is `(index) => Promise`; the jobs record their own results,
 * and a job that resolves to false ends its own worker (a client that gives up).
 */
export async function runConcurrently({ total, connections, deadline, shouldStop = () => false, job }) {
  let started = 0
  async function worker() {
    while (started < total && Date.now() < deadline && !shouldStop()) {
      const index = started++
      if ((await job(index)) === false) return
    }
  }
  await Promise.all(Array.from({ length: Math.min(connections, total) }, worker))
  return started
}

/** The gist of a 5xx page (its title or first words), so that the report says which error it was. */
function serverErrorSummary(body) {
  const title = /<title>([^<]*)<\/title>/i.exec(body)?.[1]
  return (title ?? body.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim().slice(0, 160)
}

/** Counts of a set of answers, for the table. */
export class Tally {
  requests = 0
  acknowledged = 0
  serverErrors = 0
  resets = 0
  refused = 0
  timeouts = 0
  otherErrors = 0
  /** Other statuses (4xx) by code. */
  statuses = new Map()
  /** A few example errors, for the report. */
  examples = []

  add(result, acknowledged) {
    this.requests++
    if (acknowledged) this.acknowledged++
    if (result.outcome === 'answered') {
      if (result.status >= 500) {
        this.serverErrors++
        if (this.examples.length < 3) this.examples.push(`${result.status}: ${serverErrorSummary(result.body)}`)
      } else if (!acknowledged) this.statuses.set(result.status, (this.statuses.get(result.status) ?? 0) + 1)
    } else if (result.outcome === 'reset') this.resets++
    else if (result.outcome === 'refused') this.refused++
    else if (result.outcome === 'timeout') this.timeouts++
    else this.otherErrors++
    if (result.outcome !== 'answered' && result.outcome !== 'refused' && this.examples.length < 3) this.examples.push(result.error)
  }

  merge(other) {
    for (const key of ['requests', 'acknowledged', 'serverErrors', 'resets', 'refused', 'timeouts', 'otherErrors']) this[key] += other[key]
    for (const [status, count] of other.statuses) this.statuses.set(status, (this.statuses.get(status) ?? 0) + count)
    this.examples.push(...other.examples.slice(0, Math.max(0, 3 - this.examples.length)))
  }
}
