import { connect } from 'node:net'

export interface RawAnswer {
  /** The status code of the final answer (0 when none arrived). */
  status: number
  /** Whether an interim `100 Continue` came first. */
  continued: boolean
  headers: Record<string, string>
  body: string
  /** The socket error the client saw, if any (ECONNRESET, EPIPE…). */
  error: string | null
  /** Bytes of the body actually written before the server answered or closed. */
  bytesSent: number
}

export interface RawRequest {
  port: number
  method?: string
  path: string
  headers?: Record<string, string>
  /** Body size in bytes (of the letter `a`). */
  size?: number
  chunked?: boolean
  /** Waits for the answer to `Expect: 100-continue` before sending the body. */
  expectContinue?: boolean
  /** Stops sending once an answer starts to arrive, as curl does; otherwise sends everything regardless. */
  stopOnAnswer?: boolean
  timeoutMs?: number
}

/**
 * One request over a real socket with full control over how the body is sent, for what fetch
 * cannot show: resets, early answers, chunked bodies that never declare a size.
 */
export function rawRequest({
  port,
  method = 'POST',
  path,
  headers = {},
  size = 0,
  chunked = false,
  expectContinue = false,
  stopOnAnswer = false,
  timeoutMs = 15_000,
}: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let received = Buffer.alloc(0)
    let error: string | null = null
    let bytesSent = 0
    let answered = false
    let wakeContinue: (() => void) | undefined
    const timer = setTimeout(() => {
      error = 'timeout'
      socket.destroy()
    }, timeoutMs)

    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      if (/^HTTP\/1\.1 \d{3}/.test(received.toString('latin1'))) {
        if (received.toString('latin1').startsWith('HTTP/1.1 100')) wakeContinue?.()
        else answered = true
      }
    })
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message))
    socket.once('close', () => {
      clearTimeout(timer)
      resolve({ ...parse(received), error, bytesSent })
    })

    socket.once('connect', async () => {
      const lines = [`${method} ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`]
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
      if (size > 0 || chunked) lines.push(chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`)
      if (expectContinue) lines.push('Expect: 100-continue')
      socket.write(`${lines.join('\r\n')}\r\n\r\n`)
      if (expectContinue) {
        const decided = await new Promise<boolean>((go) => {
          wakeContinue = () => go(true)
          const check = setInterval(() => {
            if (answered || socket.destroyed) {
              clearInterval(check)
              go(false)
            }
          }, 10)
          socket.once('close', () => clearInterval(check))
        })
        if (!decided) return
      }
      const piece = Buffer.alloc(64 * 1024, 'a')
      while (bytesSent < size && !socket.destroyed && !(stopOnAnswer && answered)) {
        const n = Math.min(piece.length, size - bytesSent)
        const data = chunked
          ? Buffer.concat([Buffer.from(`${n.toString(16)}\r\n`), piece.subarray(0, n), Buffer.from('\r\n')])
          : piece.subarray(0, n)
        bytesSent += n
        if (!socket.write(data)) {
          await new Promise<void>((go) => {
            const done = () => {
              socket.off('drain', done)
              socket.off('close', done)
              go()
            }
            socket.on('drain', done)
            socket.on('close', done)
          })
        }
      }
      if (socket.destroyed) return
      if (chunked && !(stopOnAnswer && answered)) socket.write('0\r\n\r\n')
      socket.end()
    })
  })
}

function parse(received: Buffer): Omit<RawAnswer, 'error' | 'bytesSent'> {
  // Byte for byte (latin1) while taking the answer apart; the body is decoded as UTF-8 at the end.
  let text = received.toString('latin1')
  let continued = false
  if (text.startsWith('HTTP/1.1 100')) {
    continued = true
    text = text.slice(text.indexOf('\r\n\r\n') + 4)
  }
  const end = text.indexOf('\r\n\r\n')
  if (!text.startsWith('HTTP/') || end === -1) return { status: 0, continued, headers: {}, body: '' }
  const [statusLine = '', ...headerLines] = text.slice(0, end).split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of headerLines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  let body = text.slice(end + 4)
  if (headers['transfer-encoding'] === 'chunked') body = dechunk(body)
  return { status: Number(statusLine.split(' ')[1]), continued, headers, body: Buffer.from(body, 'latin1').toString('utf8') }
}

function dechunk(text: string): string {
  let out = ''
  let rest = text
  for (let i = 0; i < 10_000; i++) {
    const lineEnd = rest.indexOf('\r\n')
    if (lineEnd === -1) break
    const size = Number.parseInt(rest.slice(0, lineEnd), 16)
    if (!size) break
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size)
    rest = rest.slice(lineEnd + 2 + size + 2)
  }
  return out
}
