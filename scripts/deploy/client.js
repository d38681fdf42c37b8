// A client of the site behind Caddy: every request on a fresh connection to 127.0.0.1, from a chosen
// loopback address (so the proxy sees distinct clients), for the site's name `localhost`, with the
// certificate checked against Caddy's local root (never with verification turned off).
import http from 'node:http'
import https from 'node:https'

const TIME_LIMIT_MS = 30_000
const BODY_KEPT = 256 * 1024

export function siteClient({ httpsPort, httpPort, rootCertificate }) {
  const origin = `https://localhost:${httpsPort}`

  /**
   * One request; resolves with { status, headers, body (text, at most BODY_KEPT), bytes (Buffer) }.
   * Rejects on a network error or after TIME_LIMIT_MS. `body` may be a string or a Buffer.
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

  /** A multipart post (the media library's upload form). */
  function postMultipart(path, fields, files, { cookie } = {}) {
    const boundary = `----deploy${Date.now().toString(16)}`
    const parts = []
    for (const [name, value] of Object.entries(fields)) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
    }
    for (const { name, filename, type, bytes } of files) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
      )
      parts.push(bytes, Buffer.from('\r\n'))
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`))
    return request(path, {
      method: 'POST',
      body: Buffer.concat(parts),
      headers: { Origin: origin, Accept: 'text/html', 'Content-Type': `multipart/form-data; boundary=${boundary}`, Cookie: cookie },
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

  return { origin, request, postForm, postMultipart, openEvents }
}

/** The `name=value` of a Set-Cookie header whose name ends with `suffix`, with its attributes. */
export function findCookie(headers, suffix) {
  const list = headers['set-cookie'] ?? []
  const line = list.find((item) => item.split('=')[0].endsWith(suffix))
  if (!line) return null
  const [pair, ...attributes] = line.split(';').map((part) => part.trim())
  return { pair, name: pair.split('=')[0], attributes: attributes.map((a) => a.toLowerCase()) }
}
