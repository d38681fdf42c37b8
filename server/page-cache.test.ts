import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { gunzipSync, brotliDecompressSync } from 'node:zlib'
import { requestContext } from '~/lib/platform/request-context'
import { describe, expect, it } from 'vitest'
import { inlineHashes, PageCache, pickEncoding, type PageCacheOptions } from './page-cache'

const PAGE = (text: string) =>
  `<!DOCTYPE html><html><head><style nonce="n1">:root{--x:1}</style></head><body><p>${text}</p>` +
  `<script nonce="n1">window.__ctx={a:1}</script><script type="module" src="/assets/a.js" nonce="n1"></script></body></html>`

function setup(overrides: Partial<PageCacheOptions> = {}) {
  let version = 'v1'
  const renders: string[] = []
  const cache = new PageCache({
    maxBytes: () => 1_000_000,
    isPublicPage: (path) => ['/clinic', '/clinic/about'].includes(path),
    version: async () => version,
    knownVersion: () => version,
    today: () => '2026-11-24',
    defaultPolicy: (nonce) => `script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'`,
    cacheControl: 'private, no-cache',
    ...overrides,
  })
  const handler = cache.wrap(async (request) => {
    renders.push(new URL(request.url).pathname)
    return new Response(PAGE(`rendered ${renders.length} for ${version}`), { headers: { 'Content-Type': 'text/html; charset=utf-8' } })
  })
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    handler(new Request(`http://clinic.test${path}`, { method, headers }), requestContext({ nonce: 'n1', clientAddress: '127.0.0.1' }))
  return { cache, get, renders, publish: (next: string) => (version = next) }
}

describe('the page cache', () => {
  it('renders a public page once and answers again from memory, compressed as asked', async () => {
    const { get, renders } = setup()
    const first = await get('/clinic', { 'Accept-Encoding': 'gzip' })
    const second = await get('/clinic', { 'Accept-Encoding': 'br, gzip' })
    const plain = await get('/clinic')
    expect(renders).toEqual(['/clinic'])
    expect(first.headers.get('X-Page-Cache')).toBe('miss')
    expect(second.headers.get('X-Page-Cache')).toBe('hit')
    expect(gunzipSync(Buffer.from(await first.arrayBuffer())).toString()).toContain('rendered 1')
    expect(second.headers.get('Content-Encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await second.arrayBuffer())).toString()).toContain('rendered 1')
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(await plain.text()).toContain('rendered 1')
    expect(second.headers.get('ETag')).toBe(first.headers.get('ETag'))
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const { get } = setup()
    const etag = (await get('/clinic')).headers.get('ETag')!
    const again = await get('/clinic', { 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })

  it('allows the inline scripts and styles by hash, never by the nonce of the response that rendered them', async () => {
    const { get } = setup()
    await get('/clinic')
    const policy = (await get('/clinic')).headers.get('Content-Security-Policy')!
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    expect(policy).toContain(hash('window.__ctx={a:1}'))
    expect(policy).toContain(hash(':root{--x:1}'))
    expect(policy).not.toContain('nonce')
  })

  it('renders again after a publish', async () => {
    const { get, renders, publish } = setup()
    await get('/clinic')
    publish('v2')
    const after = await get('/clinic')
    expect(await after.text()).toContain('for v2')
    expect(renders).toHaveLength(2)
  })

  it('never keeps staff requests, queries, other methods, unknown paths, the language-choosing root, or answers that are not plain 200s', async () => {
    const { get, renders } = setup()
    for (let round = 0; round < 2; round++) {
      await get('/clinic', { Cookie: 'lang=fa; __Host-staff_session=abc' })
      await get('/clinic?utm=1')
      await get('/admin/dashboard')
      await get('/no-such-page')
      await get('/')
      await get('/_.data')
    }
    expect(renders).toHaveLength(12)
  })

  it('does not store an answer that sets a cookie or is not a 200', async () => {
    let status = 503
    const cache = new PageCache({
      maxBytes: () => 1_000_000,
      isPublicPage: () => true,
      version: async () => 'v',
      knownVersion: () => 'v',
      today: () => 'd',
      defaultPolicy: () => '',
      cacheControl: '',
    })
    let renders = 0
    const handler = cache.wrap(async () => {
      renders++
      return new Response('x', { status, headers: status === 200 ? { 'Set-Cookie': 'a=b' } : {} })
    })
    const context = requestContext({ nonce: 'n', clientAddress: '' })
    await handler(new Request('http://x/clinic'), context)
    status = 200
    await handler(new Request('http://x/clinic'), context)
    await handler(new Request('http://x/clinic'), context)
    expect(renders).toBe(3)
    expect(cache.size.entries).toBe(0)
  })

  it('keeps the languages and the data requests apart', async () => {
    const { get, renders } = setup()
    for (const path of ['/clinic', '/fa/clinic', '/ps/clinic', '/clinic.data', '/clinic', '/fa/clinic', '/clinic.data']) await get(path)
    expect(renders).toEqual(['/clinic', '/fa/clinic', '/ps/clinic', '/clinic.data'])
  })

  it('keeps a copy per variant of a page, answers each visitor with theirs, and names what chose it in Vary', async () => {
    const { cache, get, renders } = setup({
      variant: (pathname, header) =>
        pathname.startsWith('/fa')
          ? { key: '', vary: '' }
          : { key: /lang=(fa|ps)/.exec(header('cookie') ?? '')?.[1] ?? '', vary: 'Cookie, Accept-Language' },
    })
    const dari = await get('/clinic', { Cookie: 'lang=fa' })
    const none = await get('/clinic')
    const dariAgain = await get('/clinic', { Cookie: 'a=1; lang=fa' })
    const pashto = await get('/clinic', { Cookie: 'lang=ps' })
    expect(renders).toEqual(['/clinic', '/clinic', '/clinic'])
    expect(dariAgain.headers.get('X-Page-Cache')).toBe('hit')
    expect(await dariAgain.text()).toContain('rendered 1')
    expect(await none.text()).toContain('rendered 2')
    expect(await pashto.text()).toContain('rendered 3')
    for (const answer of [dari, none, dariAgain]) expect(answer.headers.get('Vary')).toBe('Accept-Encoding, Cookie, Accept-Language')
    expect(dari.headers.get('ETag')).not.toBe(none.headers.get('ETag'))

    // A page rendered afresh (a query) names them too; a page with one copy only the encoding.
    expect((await get('/clinic?from=link', { Cookie: 'lang=fa' })).headers.get('Vary')).toBe('Cookie, Accept-Language')
    expect((await get('/fa/clinic')).headers.get('Vary')).toBe('Accept-Encoding')

    // The fast path before Express picks the same copies.
    const fast = (cookie?: string) => {
      const sent: { status?: number; headers?: Record<string, string>; body?: Buffer } = {}
      const res = {
        writeHead(status: number, headers: Record<string, string>) {
          Object.assign(sent, { status, headers })
          return res
        },
        end(body?: Buffer) {
          sent.body = body
        },
      }
      const req = { url: '/clinic', method: 'GET', headers: cookie ? { cookie } : {} }
      const answered = cache.answerFromMemory(req as unknown as IncomingMessage, res as unknown as ServerResponse, 'http')
      return { answered, ...sent, text: sent.body?.toString() ?? '' }
    }
    expect(fast('lang=ps')).toMatchObject({ answered: true, status: 200, headers: { Vary: 'Accept-Encoding, Cookie, Accept-Language' } })
    expect(fast('lang=ps').text).toContain('rendered 3')
    expect(fast('lang=fa').text).toContain('rendered 1')
    expect(fast().text).toContain('rendered 2')
    expect(renders).toHaveLength(5)
  })

  it("gives a post the copy of its page that a GET would get now, with the copy's policy", async () => {
    const { cache, get, publish } = setup({
      variant: (_pathname, header) => ({ key: /lang=(fa)/.exec(header('cookie') ?? '')?.[1] ?? '', vary: 'Cookie' }),
    })
    const post = (path: string, headers: Record<string, string> = {}) =>
      cache.copyOf(new Request(`http://clinic.test${path}`, { method: 'POST', headers, body: 'name=x' }))
    expect(post('/clinic')).toBeNull()

    await get('/clinic')
    await get('/clinic', { Cookie: 'lang=fa' })
    const copy = post('/clinic?index')
    expect(copy?.body.toString()).toContain('rendered 1 for v1')
    expect(copy?.contentSecurityPolicy).toMatch(/script-src 'self' 'sha256-/)
    expect(copy?.contentSecurityPolicy).not.toContain('nonce')
    expect(post('/clinic', { Cookie: 'lang=fa' })?.body.toString()).toContain('rendered 2')

    // Another query, another page, a staff member, an unknown address, or a publish since: none.
    expect(post('/clinic?course=x')).toBeNull()
    expect(post('/fa/clinic')).toBeNull()
    expect(post('/clinic', { Cookie: 'staff_session=abc' })).toBeNull()
    expect(post('/elsewhere')).toBeNull()
    publish('v2')
    expect(post('/clinic')).toBeNull()
  })

  it('asks for the variant of a data request by its page’s address', async () => {
    const asked: string[] = []
    const { get } = setup({
      variant: (pathname) => {
        asked.push(pathname)
        return { key: '', vary: 'Cookie' }
      },
    })
    for (const path of ['/clinic.data', '/fa/clinic/about.data', '/clinic/about/_.data', '/_.data']) await get(path)
    expect(asked).toEqual(['/clinic', '/fa/clinic/about', '/clinic/about/', '/'])
  })

  it('renders once for a crowd arriving together', async () => {
    const { get, renders } = setup()
    await Promise.all(Array.from({ length: 10 }, () => get('/clinic/about')))
    expect(renders).toEqual(['/clinic/about'])
  })

  it('stores every page of a burst of first renders, compressing one after the other', async () => {
    const { get, renders } = setup()
    const paths = ['/clinic', '/fa/clinic', '/ps/clinic', '/clinic/about', '/fa/clinic/about', '/ps/clinic/about']
    const first = await Promise.all(paths.map((path) => get(path, { 'Accept-Encoding': 'br' })))
    expect(first.map((response) => response.headers.get('X-Page-Cache'))).toEqual(paths.map(() => 'miss'))
    const again = await Promise.all(paths.map((path) => get(path, { 'Accept-Encoding': 'br' })))
    expect(again.map((response) => response.headers.get('X-Page-Cache'))).toEqual(paths.map(() => 'hit'))
    for (const [index, response] of again.entries()) {
      expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toContain(`for v1`)
      expect(renders[index]).toBe(paths[index])
    }
    expect(renders).toHaveLength(paths.length)
  })

  it('stays within its size, dropping the least recently used page', async () => {
    const { cache, get, renders } = setup({ maxBytes: () => 2_000 })
    await get('/clinic')
    await get('/fa/clinic')
    await get('/ps/clinic')
    expect(cache.size.bytes).toBeLessThanOrEqual(2_000)
    await get('/clinic')
    expect(renders.filter((path) => path === '/clinic')).toHaveLength(2)
  })

  it('is off with a size of 0', async () => {
    const { get, renders } = setup({ maxBytes: () => 0 })
    await get('/clinic')
    await get('/clinic')
    expect(renders).toHaveLength(2)
  })
})

describe('inline hashes and encodings', () => {
  it('hash inline scripts and styles, not external scripts', () => {
    expect(inlineHashes(PAGE('x'))).toHaveLength(2)
    expect(inlineHashes('<script src="/a.js"></script>')).toEqual([])
  })

  it('pick brotli, then gzip, and respect q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br')
    expect(pickEncoding('gzip')).toBe('gzip')
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip')
    expect(pickEncoding('')).toBe('identity')
    expect(pickEncoding('*')).toBe('br')
  })
})
