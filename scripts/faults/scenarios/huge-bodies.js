// Four 400 MB chunked posts at once (no Content-Length), two to the course registration form and
// two to the staff login: each is answered 413, and the server's memory stays bounded.
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { delay, healthStatus } from '../server-process.js'
import { launch, reportRow, stopServer } from './kit.js'

export const title = '4 × 400 MB chunked posts'

const MB = 1024 * 1024
/** The server's resident memory must stay under this during the posts. */
export const RSS_LIMIT_BYTES = 300 * MB
/** Past this the posts are abandoned at once, so that a server that keeps every byte cannot exhaust the machine. */
const ABANDON_AT_BYTES = 2048 * MB
const CHUNK = Buffer.alloc(64 * 1024, 'a')

export async function run(ctx, db, { bodyBytes = 400 * MB, timeLimitMs = 180_000 } = {}) {
  const row = reportRow(title, db)
  const server = await launch(ctx, db)
  const baseline = server.resetPeak()
  const started = Date.now()
  const deadline = started + timeLimitMs
  const control = { abandoned: false, requests: new Set() }
  const posts = [
    ['/academy/register', `token=${randomBytes(16).toString('hex')}&website=&name=`],
    ['/admin/login', 'username=admin&password='],
    ['/academy/register', `token=${randomBytes(16).toString('hex')}&website=&name=`],
    ['/admin/login', 'username=admin&password='],
  ]
  const watch = setInterval(() => {
    if (server.rssBytes() > ABANDON_AT_BYTES && !control.abandoned) {
      control.abandoned = true
      for (const request of control.requests) request.destroy()
    }
  }, 50)
  let results
  try {
    results = await Promise.all(posts.map(([path, prefix]) => hugePost({ port: ctx.port, path, prefix, bodyBytes, deadline, control })))
    await delay(500)
  } finally {
    clearInterval(watch)
  }
  const peak = server.peakBytes()
  const healthy = server.alive && (await healthStatus(ctx.port)) === 200
  await stopServer(server, row)

  row.requests = results.length
  row.acknowledged = `413 ×${results.filter((r) => r.status === 413).length}`
  row.serverErrors = results.filter((r) => r.status >= 500).length
  row.resets = results.filter((r) => r.outcome === 'reset').length
  row.rssPeak = peak
  row.seconds = ((Date.now() - started) / 1000).toFixed(1)
  const growth = peak - baseline
  row.note(`memory before the posts ${Math.round(baseline / MB)} MB, peak ${Math.round(peak / MB)} MB (+${Math.round(growth / MB)} MB)`)
  row.note(results.map((r, i) => `${posts[i][0]}: ${r.status || r.outcome} after ${Math.round(r.sent / MB)} MB sent`).join('; '))
  if (control.abandoned) row.fail(`the posts were abandoned when the server passed ${ABANDON_AT_BYTES / MB} MB`)
  for (const [index, result] of results.entries()) {
    if (result.status !== 413)
      row.fail(
        `${posts[index][0]}: ${result.status ? `answered ${result.status}` : `${result.outcome} (${result.error})`} instead of 413, after ${Math.round(result.sent / MB)} MB sent`,
      )
  }
  // PGlite keeps its own engine in the server process (several hundred MB at rest), so with the
  // embedded database the limit applies to what the posts add.
  if (db.kind === 'postgresql' && peak >= RSS_LIMIT_BYTES)
    row.fail(`resident memory reached ${Math.round(peak / MB)} MB (limit ${RSS_LIMIT_BYTES / MB} MB)`)
  if (db.kind === 'embedded' && growth >= RSS_LIMIT_BYTES)
    row.fail(`resident memory grew by ${Math.round(growth / MB)} MB (limit ${RSS_LIMIT_BYTES / MB} MB)`)
  if (!healthy) row.fail('the server was not healthy after the posts')
  return row
}

/**
 * Streams `prefix` and then 'a' bytes, chunked, until `bodyBytes` are sent or the server answers
 * (an early answer stops the sending, as a browser does). Never rejects.
 */
function hugePost({ port, path, prefix, bodyBytes, deadline, control }) {
  return new Promise((resolve) => {
    let sent = 0
    let answered = false
    let settled = false
    const request = http.request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      agent: false,
      headers: {
        Origin: `http://127.0.0.1:${port}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        'Transfer-Encoding': 'chunked',
      },
    })
    control.requests.add(request)
    const timer = setTimeout(
      () => finish({ status: 0, outcome: 'timeout', error: 'no answer in time' }),
      Math.max(0, deadline - Date.now()),
    )
    function finish(result) {
      if (settled) return
      settled = true
      clearTimeout(timer)
      control.requests.delete(request)
      request.destroy()
      resolve({ sent, ...result })
    }
    request.on('response', (response) => {
      answered = true
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (text) => (body = (body + text).slice(0, 2000)))
      response.on('end', () => finish({ status: response.statusCode, outcome: 'answered', body }))
      // The status line arrived: an answer, even if the connection is then closed mid-body.
      response.on('error', () => finish({ status: response.statusCode, outcome: 'answered', body }))
    })
    request.on('error', (error) => {
      if (answered) return
      const code = /** @type {NodeJS.ErrnoException} */ (error).code ?? ''
      const outcome = code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up/i.test(error.message) ? 'reset' : 'error'
      finish({ status: 0, outcome: control.abandoned ? 'abandoned' : outcome, error: `${code || error.name}: ${error.message}` })
    })
    const writable = () =>
      /** @type {Promise<void>} */ (
        new Promise((next) => {
          const done = () => {
            request.off('drain', done)
            request.off('close', done)
            next()
          }
          request.on('drain', done)
          request.on('close', done)
        })
      )
    void (async () => {
      request.write(prefix)
      sent += prefix.length
      while (sent < bodyBytes && !answered && !settled && !control.abandoned) {
        const room = request.write(CHUNK)
        sent += CHUNK.length
        if (!room) await writable()
      }
      if (!answered && !settled) request.end()
    })()
  })
}
