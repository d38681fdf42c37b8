/**
 * Public pages from memory. An anonymous GET of a public page, or of its `.data` twin, is rendered
 * once per (address scheme, path, published site version, Kabul day, variant) and then answered
 * from memory, compressed once (gzip and brotli), with an ETag for 304s (docs/decisions/006-page-caching.md).
 * The variant is the little a page shows per visitor (an English page's suggestion of Dari or
 * Pashto): one of a few, read from the request, and named in `Vary`.
 *
 * A cached page carries no per-response value: its Content-Security-Policy allows its inline
 * scripts and styles by their SHA-256 hashes instead of the nonce of the response that rendered it,
 * and its form token is shared by the visitors of that copy, which the forms allow
 * (docs/decisions/007-public-forms.md). Memory is bounded: a size cap with least-recently-used
 * eviction, and only the site's own public pages are ever stored.
 */
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import type { RouterContextProvider } from 'react-router'
import { pagePathOf } from '~/lib/platform/data-requests'
import { requestInfo, type PageCopy } from '~/lib/platform/request-context'
import type { FetchHandler } from './request-handler'
import { fixedSecurityHeaders } from './security-headers'

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

export interface PageCacheOptions {
  /** The most bytes the cache holds (bodies in all three encodings); 0 turns it off. Read when used. */
  maxBytes: () => number
  /** Whether an unprefixed path ('/clinic', not '/fa/clinic') is one of the public pages. */
  isPublicPage: (path: string) => boolean
  /** The published site's version; a rejection (database away) renders without the cache. */
  version: () => Promise<string>
  /** The version when it is known and fresh, without waiting (the fast path for hits). */
  knownVersion: () => string | null
  /** The Cache-Control of pages (the fast path answers before the application sets it). */
  cacheControl: string
  /** Today's date in Kabul: pages show it (the earliest date to book), so a new day renders anew. */
  today: () => string
  /** The policy a page gets when its route sets none, built with `nonce`. */
  defaultPolicy: (nonce: string, https: boolean) => string
  /**
   * What the page at `pathname` shows that depends on the request (an English page's language
   * notice): `key`, one of a few values for any page, is part of the cache key, and `vary` names
   * the request headers it is read from ('' for none). Asked for every request the application
   * answers, so that pages rendered afresh carry the same `Vary`; for a data request, about its
   * page (`/clinic` for `/clinic.data`). Without it, a page is one copy.
   */
  variant?: (pathname: string, header: (name: string) => string | undefined) => Variant
}

export interface Variant {
  key: string
  vary: string
}

const ONE_COPY: Variant = { key: '', vary: '' }

interface Entry {
  key: string
  status: number
  headers: Array<[string, string]>
  /** The request headers besides Accept-Encoding that chose this copy ('' for none). */
  vary: string
  /** The Content-Security-Policy with hashes in place of the nonce (HTML only). */
  policy: string | null
  etag: string
  identity: Buffer
  gzip: Buffer
  br: Buffer
  bytes: number
  /** The whole header set of a hit before Express, per answer: made once, when the page is stored. */
  fastHeaders: Readonly<Record<'notModified' | Encoding, Readonly<Record<string, string>>>>
}

type Encoding = 'br' | 'gzip' | 'identity'

const LANGUAGE_PREFIX = /^\/(fa|ps)(?=\/|$)/
const STAFF_SESSION = /(?:^|;\s*)(?:__Host-)?staff_session=/
/** Response headers a cached copy keeps; the rest are per response or set again by the server. */
const KEPT_HEADERS = new Set(['content-type', 'content-disposition', 'x-remix-response', 'x-remix-reload-document'])

export class PageCache {
  private readonly entries = new Map<string, Entry>()
  private readonly pending = new Map<string, Promise<Entry | null>>()
  private bytes = 0
  private todayValue = ''
  private todayUntil = 0
  /** The compression under way; the next page's starts after it (see `compress`). */
  private compressing: Promise<unknown> = Promise.resolve()

  constructor(private readonly options: PageCacheOptions) {}

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes }
  }

  /** A fetch handler that answers public pages from the cache and renders the rest with `render`. */
  wrap(render: FetchHandler): FetchHandler {
    return async (request, context) => {
      const variant = this.variantOf(new URL(request.url).pathname, (name) => request.headers.get(name) ?? undefined)
      const found = await this.lookUp(request, variant, context, render)
      if (!found) return withVary(await render(request, context), variant.vary)
      return 'entry' in found ? this.answer(found.entry, request, found.outcome) : withVary(found.response, variant.vary)
    }
  }

  /** The copy for a cacheable request (see `entryFor`); null when it is not one, or the version is unknown. */
  private async lookUp(request: Request, variant: Variant, context: RouterContextProvider, render: FetchHandler) {
    const target = this.cacheable(request)
    if (!target) return null
    let version: string
    try {
      version = await this.options.version()
    } catch {
      return null
    }
    return this.entryFor(this.keyOf(target, version, variant.key), target, variant.vary, request, context, render)
  }

  /** The stored copy for `key`, or the one rendered now and stored; else the rendered answer, not storable. */
  private async entryFor(
    key: string,
    target: { scheme: string },
    vary: string,
    request: Request,
    context: RouterContextProvider,
    render: FetchHandler,
  ): Promise<{ entry: Entry; outcome: 'hit' | 'miss' } | { response: Response }> {
    const cached = this.entries.get(key)
    if (cached) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key)
      this.entries.set(key, cached)
      return { entry: cached, outcome: 'hit' }
    }
    // A crowd arriving at a page not yet rendered waits for one rendering.
    const pending = this.pending.get(key)
    if (pending) {
      const entry = await pending
      return entry ? { entry, outcome: 'hit' } : { response: await render(request, context) }
    }
    let settle: (entry: Entry | null) => void = () => {}
    this.pending.set(key, new Promise((resolve) => (settle = resolve)))
    try {
      const response = await render(request, context)
      if (!this.storable(response)) {
        settle(null)
        return { response }
      }
      const entry = await this.entryFrom(key, response, { nonce: context.get(requestInfo).nonce }, target.scheme === 'https', vary)
      this.store(entry)
      settle(entry)
      return { entry, outcome: 'miss' }
    } catch (error) {
      settle(null)
      throw error
    } finally {
      this.pending.delete(key)
    }
  }

  /** Only a complete, ordinary answer is kept: no errors, redirects or cookies. */
  private storable(response: Response): boolean {
    return response.status === 200 && !response.headers.has('set-cookie') && response.body !== null
  }

  /** What makes a request cacheable: an anonymous GET/HEAD of a public page or its data, no query. */
  private cacheable(request: Request): { scheme: string; pathname: string } | null {
    const url = new URL(request.url)
    if (url.search) return null
    return this.target(request.method, url.pathname, url.protocol.replace(':', ''), request.headers.get('cookie'))
  }

  private target(method: string, pathname: string, scheme: string, cookie: string | null | undefined) {
    if (this.options.maxBytes() <= 0) return null
    if (method !== 'GET' && method !== 'HEAD') return null
    if (STAFF_SESSION.test(cookie ?? '')) return null
    const page = pagePathOf(pathname)
    const path = page.replace(LANGUAGE_PREFIX, '') || '/'
    // '/' picks the visitor's language from their cookie and browser: never shared.
    if (path === '/') return null
    if (!this.options.isPublicPage(path)) return null
    return { scheme, pathname }
  }

  private keyOf(target: { scheme: string; pathname: string }, version: string, variant: string): string {
    return `${target.scheme}|${target.pathname}|${version}|${this.today()}|${variant}`
  }

  /** Today in Kabul, worked out at most once a second (it is part of every key). */
  private today(): string {
    const now = Date.now()
    if (now >= this.todayUntil) {
      this.todayValue = this.options.today()
      this.todayUntil = now + 1_000
    }
    return this.todayValue
  }

  private variantOf(pathname: string, header: (name: string) => string | undefined): Variant {
    return this.options.variant?.(pagePathOf(pathname), header) ?? ONE_COPY
  }

  /**
   * The common case, before Express: a page already in the cache, of the version known to be
   * current, answered straight from memory with the security headers. Returns false for anything
   * else, which then goes to the application, where `wrap` renders and stores it.
   */
  answerFromMemory(req: IncomingMessage, res: ServerResponse, scheme: string): boolean {
    const url = req.url ?? ''
    // A query, or a body on a GET, takes the full path (which knows what to do with them).
    if (url.includes('?') || req.headers['content-length'] || req.headers['transfer-encoding']) return false
    const target = this.target(req.method ?? '', url, scheme, req.headers.cookie)
    const version = target && this.options.knownVersion()
    const variant = target && version ? this.variantOf(url, (name) => headerValue(req.headers[name])) : null
    const entry = version && variant ? this.entries.get(this.keyOf(target, version, variant.key)) : undefined
    if (!entry) return false
    this.entries.delete(entry.key)
    this.entries.set(entry.key, entry)
    if (ifNoneMatch(req.headers['if-none-match'] ?? null, entry.etag)) {
      res.writeHead(304, entry.fastHeaders.notModified).end()
      return true
    }
    const encoding = pickEncoding(String(req.headers['accept-encoding'] ?? ''))
    res.writeHead(entry.status, entry.fastHeaders[encoding])
    res.end(req.method === 'HEAD' ? undefined : entry[encoding])
    return true
  }

  /**
   * The copy a GET of the request's address would be answered with now, for a request of another
   * method (a form's post to its page, `?index` and all): its bytes and its policy. Null when there
   * is none yet, or the address is not one the cache keeps.
   */
  copyOf(request: Request): PageCopy | null {
    const url = new URL(request.url)
    if (url.search && url.search !== '?index') return null
    const target = this.target('GET', url.pathname, url.protocol.replace(':', ''), request.headers.get('cookie'))
    const version = target && this.options.knownVersion()
    if (!version) return null
    const variant = this.variantOf(url.pathname, (name) => request.headers.get(name) ?? undefined)
    const entry = this.entries.get(this.keyOf(target, version, variant.key))
    return entry?.policy ? { body: entry.identity, contentSecurityPolicy: entry.policy } : null
  }

  private async entryFrom(key: string, response: Response, rendered: { nonce: string }, https: boolean, vary: string): Promise<Entry> {
    const identity = Buffer.from(await response.arrayBuffer())
    const headers = [...response.headers].filter(([name]) => KEPT_HEADERS.has(name.toLowerCase()))
    const html = /^text\/html/i.test(response.headers.get('content-type') ?? '')
    let policy: string | null = null
    if (html) {
      // The policy the route set (the contact page's, with its map) or the default, with the hashes
      // of this page's inline scripts and styles in place of the rendering response's nonce.
      const { nonce } = rendered
      const routePolicy = response.headers.get('content-security-policy') ?? this.options.defaultPolicy(nonce, https)
      const sources = inlineHashes(identity.toString('utf8'))
        .map((hash) => `'sha256-${hash}'`)
        .join(' ')
      policy = routePolicy.split(`'nonce-${nonce}'`).join(sources || "'none'")
    }
    const [gz, br] = await this.compress(identity)
    const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`
    const bytes = identity.length + gz.length + br.length + key.length
    const common: Record<string, string> = {
      ...fixedSecurityHeaders(https),
      'Cache-Control': this.options.cacheControl,
      ETag: etag,
      Vary: varyHeader(vary),
      'X-Page-Cache': 'hit',
      ...Object.fromEntries(headers),
      ...(policy ? { 'Content-Security-Policy': policy } : {}),
    }
    const sized = (body: Buffer, encoding: Encoding) =>
      Object.freeze({
        ...common,
        ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
        'Content-Length': String(body.length),
      })
    const fastHeaders = Object.freeze({
      notModified: Object.freeze(common),
      identity: sized(identity, 'identity'),
      gzip: sized(gz, 'gzip'),
      br: sized(br, 'br'),
    })
    return { key, status: response.status, headers, vary, policy, etag, identity, gzip: gz, br, bytes, fastHeaders }
  }

  /**
   * Both encodings of a page, one page at a time: brotli at quality 9 holds about 25 MB while it
   * works, and the pages first rendered together (after a publish) would otherwise add that up, page by page, in the worker threads.
   */
  private compress(identity: Buffer): Promise<[Buffer, Buffer]> {
    const compressed = this.compressing.then(() =>
      Promise.all([
        gzipAsync(identity, { level: 9 }),
        brotliAsync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      ]),
    )
    this.compressing = compressed.catch(() => undefined)
    return compressed
  }

  private store(entry: Entry): void {
    // A page larger than a quarter of the cache would push out too much; it is rendered each time.
    const maxBytes = this.options.maxBytes()
    if (entry.bytes > maxBytes / 4) return
    const previous = this.entries.get(entry.key)
    if (previous) this.bytes -= previous.bytes
    this.entries.delete(entry.key)
    this.entries.set(entry.key, entry)
    this.bytes += entry.bytes
    for (const [key, oldest] of this.entries) {
      if (this.bytes <= maxBytes) break
      this.entries.delete(key)
      this.bytes -= oldest.bytes
    }
  }

  private answer(entry: Entry, request: Request, outcome: 'hit' | 'miss'): Response {
    const headers = new Headers(entry.headers)
    headers.set('ETag', entry.etag)
    headers.set('Vary', varyHeader(entry.vary))
    headers.set('X-Page-Cache', outcome)
    if (entry.policy) headers.set('Content-Security-Policy', entry.policy)
    if (ifNoneMatch(request.headers.get('if-none-match'), entry.etag)) return new Response(null, { status: 304, headers })
    const encoding = pickEncoding(request.headers.get('accept-encoding') ?? '')
    const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.identity
    if (encoding !== 'identity') headers.set('Content-Encoding', encoding)
    headers.set('Content-Length', String(body.length))
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: entry.status, headers })
  }
}

/** SHA-256 (base64) of the text of every inline <script> and <style> of a page. */
export function inlineHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/gi)) {
    const [, , attributes, text] = match
    if (/\bsrc\s*=/i.test(attributes ?? '') || !text) continue
    hashes.add(createHash('sha256').update(text, 'utf8').digest('base64'))
  }
  return [...hashes]
}

/** The Vary of a cached copy: the encoding, and what chose the copy. */
function varyHeader(vary: string): string {
  return vary ? `Accept-Encoding, ${vary}` : 'Accept-Encoding'
}

/** A response rendered without the cache, naming the request headers its page depends on. */
function withVary(response: Response, vary: string): Response {
  if (!vary) return response
  try {
    response.headers.append('Vary', vary)
    return response
  } catch {
    // Headers that cannot change (a fetched or Response.redirect() answer): the same answer, new headers.
    const headers = new Headers(response.headers)
    headers.append('Vary', vary)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value
}

function ifNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')
}

const chosenEncodings = new Map<string, Encoding>()

/** Brotli when the client takes it, then gzip, else the plain bytes (q=0 refuses an encoding). */
export function pickEncoding(acceptEncoding: string): Encoding {
  // Browsers send a handful of different values: each is read once (a few hundred kept at most).
  const known = chosenEncodings.get(acceptEncoding)
  if (known) return known
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    if (!name) continue
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean)
    accepted.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  const chosen: Encoding = allows('br') ? 'br' : allows('gzip') ? 'gzip' : 'identity'
  if (chosenEncodings.size >= 256) chosenEncodings.clear()
  chosenEncodings.set(acceptEncoding, chosen)
  return chosen
}
