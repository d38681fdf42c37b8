import { createHash } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { createServer, type Server } from 'node:http'
import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest } from '../tests/support/raw-http'
import { sendPayloadTooLarge } from './payload-too-large'
import { expressHandler, writeBody } from './request-handler'
import { requestContext } from '~/lib/platform/request-context'

const FORM_LIMIT = 64 * 1024
const UPLOAD_LIMIT = 1024 * 1024

/** What the action saw: every body it read in full. */
const bodiesRead: { path: string; bytes: number }[] = []

let server: Server
let port: number
let base: string

beforeAll(async () => {
  const app = express()
  app.use((_req, res, next) => {
    res.locals.nonce = 'test-nonce'
    next()
  })
  app.use(
    expressHandler(
      async (request) => {
        const url = new URL(request.url)
        if (url.pathname === '/no-body-read') return new Response('answered without reading', { status: 403 })
        const form = await request.formData()
        const fields: Record<string, string | { size: number; sha256: string }> = {}
        for (const [name, value] of form) {
          fields[name] =
            typeof value === 'string'
              ? value
              : {
                  size: value.size,
                  sha256: createHash('sha256')
                    .update(new Uint8Array(await value.arrayBuffer()))
                    .digest('hex'),
                }
        }
        bodiesRead.push({ path: url.pathname, bytes: Number(request.headers.get('content-length') ?? -1) })
        return Response.json(fields)
      },
      {
        getLoadContext: () => requestContext({ nonce: 'test-nonce', clientAddress: '' }),
        bodyLimit: (req) => (req.path === '/upload' ? UPLOAD_LIMIT : FORM_LIMIT),
        payloadTooLarge: sendPayloadTooLarge,
      },
    ),
  )
  server = createServer(app)
  server.on('checkContinue', (req, res) => server.emit('request', req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
  base = `http://127.0.0.1:${port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** A body of `total` bytes that never declares its size (sent chunked). */
function streamOf(total: number): ReadableStream<Uint8Array> {
  let sent = 0
  const piece = new Uint8Array(64 * 1024).fill(97)
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close()
      sent += piece.length
      controller.enqueue(piece)
    },
  })
}

describe('a form of ordinary size', () => {
  it('reaches the action with every field intact', async () => {
    const body = new URLSearchParams({ name: 'Zahra Ahmadi', message: 'سلام! '.repeat(500), lang: 'fa' })
    const response = await fetch(`${base}/academy/register`, { method: 'POST', body })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ name: 'Zahra Ahmadi', message: 'سلام! '.repeat(500), lang: 'fa' })
  })

  it('reaches the action when sent in chunks', async () => {
    const response = await fetch(`${base}/contact`, {
      method: 'POST',
      body: new Blob(['a=1&b=', 'x'.repeat(60_000)]).stream(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ a: '1', b: 'x'.repeat(60_000) })
  })

  it('a multipart upload under the upload limit arrives byte for byte', async () => {
    const file = new Uint8Array(900 * 1024).map((_, i) => (i * 7919) % 256)
    const form = new FormData()
    form.set('intent', 'upload')
    form.set('file', new File([file], 'photo.png', { type: 'image/png' }))
    const response = await fetch(`${base}/upload`, { method: 'POST', body: form })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      intent: 'upload',
      file: { size: file.length, sha256: createHash('sha256').update(file).digest('hex') },
    })
  })
})

describe('a body over its limit', () => {
  it('declared: 413 before the action reads anything', async () => {
    const before = bodiesRead.length
    const response = await fetch(`${base}/admin/login`, { method: 'POST', body: new URLSearchParams({ password: 'x'.repeat(FORM_LIMIT) }) })
    expect(response.status).toBe(413)
    expect(response.headers.get('connection')).toBe('close')
    expect(await response.text()).toMatch(/too large.*65536 bytes/)
    expect(bodiesRead.length).toBe(before)
  })

  it('chunked: reading stops at the limit, 413, and the action never gets a form', async () => {
    const before = bodiesRead.length
    const response = await fetch(`${base}/academy/register`, {
      method: 'POST',
      body: streamOf(20 * 1024 * 1024),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    await response.text()
    expect(bodiesRead.length).toBe(before)
  })

  it('the upload route takes its own, larger limit', async () => {
    const form = new FormData()
    form.set('file', new File([new Uint8Array(UPLOAD_LIMIT + 1)], 'big.png', { type: 'image/png' }))
    expect((await fetch(`${base}/upload`, { method: 'POST', body: form })).status).toBe(413)
    expect((await fetch(`${base}/contact`, { method: 'POST', body: new URLSearchParams({ a: 'x'.repeat(FORM_LIMIT * 2) }) })).status).toBe(
      413,
    )
  })

  it.each([
    ['declared', false],
    ['chunked', true],
  ])('%s, from a client that sends everything regardless: the 413 arrives, never a reset', async (_, chunked) => {
    for (const size of [70_000, 300_000, 8 * 1024 * 1024]) {
      const answer = await rawRequest({
        port,
        path: '/academy/register',
        size,
        chunked,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      })
      expect({ size, status: answer.status, error: answer.error }).toEqual({ size, status: 413, error: null })
      expect(answer.headers.connection).toBe('close')
    }
  })

  it('a client that stops sending at the answer (as curl does) gets the 413 after little more than the limit', async () => {
    const answer = await rawRequest({ port, path: '/academy/register', size: 50 * 1024 * 1024, chunked: true, stopOnAnswer: true })
    expect(answer).toMatchObject({ status: 413, error: null })
    expect(answer.bytesSent).toBeLessThan(16 * 1024 * 1024)
  })

  it('Expect: 100-continue with a declared size over the limit: 413 at once, the body is never invited', async () => {
    const answer = await rawRequest({ port, path: '/admin/login', size: 5 * 1024 * 1024, expectContinue: true })
    expect(answer).toMatchObject({ status: 413, continued: false, error: null, bytesSent: 0 })
    const small = await rawRequest({
      port,
      path: '/admin/login',
      size: 1000,
      expectContinue: true,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Connection: 'close' },
    })
    expect(small).toMatchObject({ status: 200, continued: true, error: null })
  })
})

describe('the 413 answer', () => {
  const big = () => new URLSearchParams({ message: 'x'.repeat(FORM_LIMIT) })

  it('a browser page load gets a page in the language of the URL', async () => {
    for (const [path, lang, dir, title] of [
      ['/academy/register', 'en', 'ltr', 'Too much to send'],
      ['/fa/academy/register', 'fa-AF', 'rtl', 'آنچه فرستادید بیش از حد بزرگ است'],
      ['/ps/clinic/appointment', 'ps-AF', 'rtl', 'څه چې مو ولېږل ډېر لوی دي'],
    ] as const) {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        body: big(),
        headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      })
      expect(response.status).toBe(413)
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      const html = await response.text()
      expect(html).toContain(`<html lang="${lang}" dir="${dir}">`)
      expect(html).toContain(`<h1>${title}</h1>`)
      expect(html).toContain(`<a href="${path}">`)
      expect(html).toContain('<style nonce="test-nonce">')
    }
  })

  it('the page links back to the form on this site, never to another one', async () => {
    const response = await fetch(`${base}//evil.example/form`, { method: 'POST', body: big(), headers: { Accept: 'text/html' } })
    expect(await response.text()).toContain('<a href="/evil.example/form">')
  })

  it('JSON when asked for, short text otherwise', async () => {
    const json = await fetch(`${base}/admin/login`, { method: 'POST', body: big(), headers: { Accept: 'application/json' } })
    expect(json.status).toBe(413)
    expect(await json.json()).toEqual({ error: 'Request body too large', limitBytes: FORM_LIMIT })
    const text = await fetch(`${base}/admin/login`, { method: 'POST', body: big() })
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/)
  })
})

describe('an answer sent before the body was read', () => {
  it('says Connection: close, and the client still gets it whole', async () => {
    const answer = await rawRequest({ port, path: '/no-body-read', size: 4 * 1024 * 1024, chunked: true })
    expect(answer).toMatchObject({ status: 403, body: 'answered without reading', error: null })
    expect(answer.headers.connection).toBe('close')
  })
})

describe('streamed responses through compression', () => {
  it('wait for the socket without piling up drain listeners', async () => {
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`)
    process.on('warning', onWarning)
    const app = express()
    app.use(compression({ threshold: 0 }))
    app.get('/long', async (_req, res) => {
      res.type('html')
      // A long page in many pieces, hard to compress: zlib's buffer fills again and again.
      let sent = 0
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ >= 60) return controller.close()
          controller.enqueue(new Uint8Array(32 * 1024).map(() => Math.floor(Math.random() * 256)))
        },
      })
      await writeBody(body, res)
    })
    const longServer = createServer(app)
    await new Promise<void>((resolve) => longServer.listen(0, '127.0.0.1', resolve))
    try {
      const response = await fetch(`http://127.0.0.1:${(longServer.address() as AddressInfo).port}/long`, {
        headers: { 'Accept-Encoding': 'gzip' },
      })
      expect(response.headers.get('content-encoding')).toBe('gzip')
      expect((await response.arrayBuffer()).byteLength).toBe(60 * 32 * 1024)
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([])
    } finally {
      process.off('warning', onWarning)
      longServer.closeAllConnections()
      await new Promise((resolve) => longServer.close(resolve))
    }
  })
})
