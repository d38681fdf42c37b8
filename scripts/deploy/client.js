// A client of the site behind Caddy: every request on a fresh connection to 127.0.0.1, from a chosen
// loopback address (so the proxy sees distinct clients), for the site's name `localhost`, with the
// certificate checked against Caddy's local root (never with verification turned off).
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import path from 'node:path'

const TIME_LIMIT_MS = 30_000
const BODY_KEPT = 256 * 1024

export function siteClient({ httpsPort, httpPort, rootCertificate, folder }) {
  const origin = `https://localhost:${httpsPort}`
  const rootFile = path.join(folder, 'caddy-root.crt')
  writeFileSync(rootFile, rootCertificate)

  /**
   * One request; resolves with { status, headers, body (text, at most BODY_KEPT), bytes (Buffer) }.
   * Rejects on a network error or after TIME_LIMIT_MS. `body` may be a string or a Buffer.
   */
  /**
   * @param {string} path
   * @param {{ method?: string, headers?: Record<string, string>, body?: string | Buffer, from?: string, plain?: boolean }} [options]
   */
  function request(path, { method = 'GET', headers = {}, body, from = '127.0.0.1', plain = false } = {}) {
    const module = plain ? http : https
    const port = plain ? httpPort : httpsPort
    return new Promise((resolve, reject) => {
      const outgoing = module.request({
        host: '127.0.0.1',
        port,
        path,
        method,
        localAddress: from,
        agent: false,
        ...(plain ? {} : { ca: rootCertificate, servername: 'localhost' }),
        headers: {
          Host: `localhost:${port}`,
          ...(body === undefined ? {} : { 'Content-Length': Buffer.byteLength(body) }),
          ...headers,
        },
        timeout: TIME_LIMIT_MS,
      })
      let answered = false
      outgoing.on('response', (response) => {
        answered = true
        const chunks = []
        let size = 0
        response.on('data', (chunk) => {
          size += chunk.length
          if (size <= 16 * 1024 * 1024) chunks.push(chunk)
        })
        const done = () => {
          const bytes = Buffer.concat(chunks)
          resolve({ status: response.statusCode, headers: response.headers, bytes, body: bytes.subarray(0, BODY_KEPT).toString('utf8') })
        }
        response.on('end', done)
        // The answer arrived and the connection was then closed (after a refused body): keep it.
        response.on('error', done)
      })
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${TIME_LIMIT_MS / 1000} s`)))
      outgoing.on('error', (error) => {
        if (!answered) reject(error)
      })
      if (body === undefined) outgoing.end()
      else outgoing.end(body)
    })
  }

  /** A form post as a browser without JavaScript sends it (same-origin, urlencoded). */
  /**
   * @param {string} path
   * @param {Record<string, string>} fields
   * @param {{ cookie?: string, from?: string, headers?: Record<string, string> }} [options]
   */
  function postForm(path, fields, { cookie, from, headers = {} } = {}) {
    return request(path, {
      method: 'POST',
      from,
      body: new URLSearchParams(fields).toString(),
      headers: {
        Origin: origin,
        Accept: 'text/html',
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(cookie ? { Cookie: cookie } : {}),
        ...headers,
      },
    })
  }

  /**
   * An upload as a browser sends it (the media library's form, multipart, HTTP/2 where offered, no
   * `Expect: 100-continue`), by curl. A refusal comes before the whole body is sent, and the proxy
   * then closes the stream or connection under the upload: curl and browsers read the answer that
   * came first, where Node's own clients sometimes drop it for the write error.
   */
  /** @param {{ cookie?: string }} [session] */
  function upload(urlPath, fields, { name, filename, type, bytes }, session = {}) {
    const { cookie } = session
    const file = path.join(folder, `upload-${randomBytes(4).toString('hex')}`)
    const answerFile = `${file}.answer`
    writeFileSync(file, bytes)
    const args = ['--silent', '--show-error', '--max-time', String(TIME_LIMIT_MS / 1000), '--cacert', rootFile]
    args.push('--resolve', `localhost:${httpsPort}:127.0.0.1`, '--output', answerFile, '--write-out', '%{http_code} %{http_version}')
    args.push('-H', 'Expect:', '-H', `Origin: ${origin}`, '-H', 'Accept: text/html', '-H', `Cookie: ${cookie}`)
    for (const [field, value] of Object.entries(fields)) args.push('--form-string', `${field}=${value}`)
    args.push('--form', `${name}=@${file};type=${type};filename=${filename}`)
    args.push(`${origin}${urlPath}`)
    return new Promise((resolve, reject) => {
      execFile('curl', args, { encoding: 'utf8' }, (error, stdout, stderr) => {
        const body = error ? '' : readFileSync(answerFile, 'utf8').slice(0, BODY_KEPT)
        rmSync(file, { force: true })
        rmSync(answerFile, { force: true })
        if (error) return reject(new Error(`curl: ${stderr.trim() || error.message}`))
        const [status, version] = stdout.trim().split(' ')
        resolve({ status: Number(status), httpVersion: version, body })
      })
    })
  }

  /**
   * Opens a server-sent event stream. `next(type, deadline)` resolves with the first event of that
   * type not yet taken (and its arrival time), or null at the deadline; `close()` ends the stream.
   */
  function openEvents(path, { cookie }) {
    return new Promise((resolve, reject) => {
      const events = []
      const waiters = new Set()
      let buffer = ''
      const outgoing = https.request({
        host: '127.0.0.1',
        port: httpsPort,
        path,
        agent: false,
        ca: rootCertificate,
        servername: 'localhost',
        headers: { Host: `localhost:${httpsPort}`, Accept: 'text/event-stream', Cookie: cookie },
      })
      const take = () => {
        for (const waiter of [...waiters]) {
          const index = events.findIndex((event) => event.type === waiter.type)
          if (index < 0) continue
          const [event] = events.splice(index, 1)
          waiters.delete(waiter)
          clearTimeout(waiter.timer)
          waiter.resolve(event)
        }
      }
      outgoing.on('response', (response) => {
        // An open stream may stay quiet (a comment every 25 s); the time limit was for its opening.
        outgoing.setTimeout(0)
        if (response.statusCode !== 200) {
          response.resume()
          reject(new Error(`the event stream answered ${response.statusCode}`))
          return
        }
        response.setEncoding('utf8')
        response.on('data', (text) => {
          const at = performance.now()
          buffer += text
          let end
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            const type = /^event: (.*)$/m.exec(block)?.[1]
            const data = /^data: (.*)$/m.exec(block)?.[1]
            if (type) events.push({ type, data: data ? JSON.parse(data) : null, at })
          }
          take()
        })
        resolve({
          headers: response.headers,
          next(type, deadline) {
            return new Promise((resolveEvent) => {
              const waiter = { type, resolve: resolveEvent }
              waiter.timer = setTimeout(
                () => {
                  waiters.delete(waiter)
                  resolveEvent(null)
                },
                Math.max(0, deadline - performance.now()),
              )
              waiters.add(waiter)
              take()
            })
          },
          close() {
            outgoing.destroy()
          },
        })
      })
      outgoing.on('error', reject)
      outgoing.setTimeout(TIME_LIMIT_MS, () => outgoing.destroy(new Error('the event stream did not open in time')))
      outgoing.end()
    })
  }

  return { origin, request, postForm, upload, openEvents }
}

/** The `name=value` of a Set-Cookie header whose name ends with `suffix`, with its attributes. */
export function findCookie(headers, suffix) {
  const list = headers['set-cookie'] ?? []
  const line = list.find((item) => item.split('=')[0].endsWith(suffix))
  if (!line) return null
  const [pair, ...attributes] = line.split(';').map((part) => part.trim())
  return { pair, name: pair.split('=')[0], attributes: attributes.map((a) => a.toLowerCase()) }
}
