/**
 * What holds for the answer of every public page, checked once per page by
 * tests/e2e/public/every-page.spec.ts: the headers and the HTML the server sends (the policy,
 * caching, compression, no third-party resources), the first screen within the first round trips,
 * and the links search engines read.
 */
import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { expect, type APIRequestContext, type APIResponse, type Page } from './test'
import { findTags, isSameOrigin, parseCsp, resourceReferences } from './html'

// The values the server promises; see docs/decisions/003-csp-nonce.md and 006-page-caching.md.
export const PAGE_CACHE_CONTROL = 'private, no-cache'
const STRICT_REFERRER_POLICIES = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']
/** Script types the browser does not execute, so they need no nonce. */
const DATA_SCRIPT_TYPES = ['application/ld+json', 'application/json']
export const ACCEPT_COMPRESSED = { 'Accept-Encoding': 'gzip, deflate, br' }

/** The nonce of a response's script-src, or null when the page names its scripts by hash. */
export function nonceOf(response: APIResponse): string | null {
  const source = parseCsp(response.headers()['content-security-policy'] ?? '')
    .get('script-src')
    ?.find((s) => s.startsWith("'nonce-"))
  return source ? source.slice("'nonce-".length, -1) : null
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/**
 * Asks for the page twice: CSP by a fresh nonce or by hashes, strict headers, compressed, private
 * caching, no third-party resources. Returns the HTML of the first answer.
 */
export async function expectStrictAnswer(request: APIRequestContext, url: string, baseURL: string): Promise<string> {
  const first = await request.get(url, { headers: ACCEPT_COMPRESSED })
  const second = await request.get(url, { headers: ACCEPT_COMPRESSED })
  expect(first.status()).toBe(200)
  const headers = first.headers()

  // Content-Security-Policy
  const csp = parseCsp(headers['content-security-policy'] ?? '')
  const scriptSrc = csp.get('script-src') ?? []
  expect(scriptSrc, 'script-src is explicit').not.toEqual([])
  for (const source of scriptSrc) {
    expect(source, `script-src allows only 'self', a nonce or hashes, and 'strict-dynamic'`).toMatch(
      /^('self'|'nonce-[A-Za-z0-9+/=]{16,}'|'sha256-[A-Za-z0-9+/=]{44}'|'strict-dynamic'|'report-sample')$/,
    )
  }
  expect(csp.get('frame-ancestors')).toEqual(["'none'"])
  expect(csp.get('object-src')).toEqual(["'none'"])
  expect(["'none'", "'self'"]).toContain(csp.get('base-uri')?.join(' '))
  for (const [directive, sources] of csp) {
    for (const source of sources) {
      expect(source, `${directive} names no other host and no wildcard`).not.toMatch(/\*|^https?:|\.[a-z]{2,}(\/|:|$)/i)
    }
  }
  // A page rendered for this response carries a fresh nonce; a page answered from the page cache
  // names its inline scripts and styles by hash instead, and is the same bytes each time.
  const nonce = nonceOf(first)
  if (nonce) expect(nonceOf(second), 'a new nonce for every response').not.toBe(nonce)
  else {
    expect(second.headers()['x-page-cache']).toBe('hit')
    expect(second.headers()['etag']).toBe(headers['etag'])
    expect(nonceOf(second)).toBeNull()
  }
  const allowed = new Set([...(csp.get('script-src') ?? []), ...(csp.get('style-src') ?? [])])

  // Other security headers
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(STRICT_REFERRER_POLICIES).toContain(headers['referrer-policy'])
  expect(headers['x-powered-by']).toBeUndefined()

  // Caching and compression
  expect(headers['cache-control']).toBe(PAGE_CACHE_CONTROL)
  expect(['gzip', 'br']).toContain(headers['content-encoding'])
  expect(headers['content-type']).toMatch(/^text\/html/)

  // The HTML: every executable script and every <style> carries this response's nonce; no
  // inline style attributes or event handlers (the policy would block them).
  const html = await first.text()
  const scripts = findTags(html, ['script']).filter((tag) => !DATA_SCRIPT_TYPES.includes((tag.attributes.type ?? '').toLowerCase()))
  expect(scripts.length, 'the page has its scripts').toBeGreaterThan(0)
  for (const script of scripts) {
    const what = `<script ${script.attributes.src ?? (script.content ?? '').slice(0, 60)}>`
    if (nonce) expect(script.attributes.nonce, what).toBe(nonce)
    else if (!script.attributes.src) expect(allowed.has(sha256(script.content ?? '')), `${what} is allowed by its hash`).toBe(true)
  }
  for (const style of findTags(html, ['style'])) {
    if (nonce) expect(style.attributes.nonce, '<style> has the nonce').toBe(nonce)
    else expect(allowed.has(sha256(style.content ?? '')), '<style> is allowed by its hash').toBe(true)
  }
  for (const tag of findTags(html, ['*'])) {
    expect(Object.keys(tag.attributes), `<${tag.name}> has no inline style or event handler`).not.toContainEqual(
      expect.stringMatching(/^(style|on[a-z]+)$/),
    )
  }

  // Nothing loads from, or is sent to, another origin.
  const foreign = resourceReferences(html).filter((reference) => !isSameOrigin(reference.url, `${baseURL}${url}`))
  expect(foreign, 'resources from another origin').toEqual([])
  return html
}

/** What a slow link delivers in its first round trips (about ten TCP segments): the first screen fits. */
const FIRST_SCREEN_BUDGET_BYTES = 14_000
/**
 * The inline stylesheet of a public page, gzip: its own rules and utilities, none of the staff
 * screens' (with them it was 10.6 kB).
 */
const STYLESHEET_BUDGET_BYTES = 9_500

/** The first screen arrives in the first 14 kB: the stylesheet inline and first in <head>, no script before the first paint. */
export function expectFirstScreenInFirstRoundTrips(html: string, url: string): void {
  const head = html.slice(0, html.indexOf('</head>'))
  const tags = findTags(head, ['link', 'style', 'script'])
  expect(tags[0]?.name, `${url}: the stylesheet is the first element of its kind in <head>`).toBe('style')
  expect(tags[0]?.attributes['data-href'], `${url}: the public pages' stylesheet`).toMatch(/^\/assets\/public-[\w-]+\.css$/)
  expect(tags[0]?.content?.length ?? 0, `${url}: the stylesheet's rules are in the page`).toBeGreaterThan(10_000)
  expect(gzipSync(tags[0]?.content ?? '').length, `${url}: the stylesheet (gzip)`).toBeLessThanOrEqual(STYLESHEET_BUDGET_BYTES)
  const blocking = tags.filter((tag) => tag.name === 'link' && (tag.attributes.rel ?? '').toLowerCase() === 'stylesheet')
  expect(blocking, `${url}: no stylesheet to wait for`).toEqual([])
  const preloads = tags.filter((tag) => tag.name === 'link' && (tag.attributes.rel ?? '').toLowerCase() === 'modulepreload')
  expect(preloads, `${url}: no script preloaded before the first paint`).toEqual([])
  const scripts = findTags(html, ['script'])
  expect(
    scripts.filter((tag) => tag.attributes.src),
    `${url}: no script file in the HTML`,
  ).toEqual([])
  const modules = scripts.filter((tag) => tag.attributes.type === 'module')
  expect(modules, `${url}: one module script starts the page's scripts`).toHaveLength(1)
  expect(modules[0]!.content, `${url}: it imports nothing before the first paint`).not.toMatch(/^\s*import\s/m)
  // Everything up to the page's heading (head, banner, header, the first section's title).
  const firstScreen = html.slice(0, html.indexOf('</h1>') + '</h1>'.length)
  expect(firstScreen.length, `${url} has a heading`).toBeGreaterThan('</h1>'.length)
  expect(gzipSync(firstScreen).length, `${url}: the first screen (gzip)`).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_BYTES)
}

/** The page links its three languages and x-default with absolute URLs, its canonical address, a description and Open Graph texts. */
export async function expectSearchEngineLinks(page: Page, url: string): Promise<void> {
  const alternates = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]))
  expect(alternates.map(([lang]) => lang).sort(), url).toEqual(['en', 'fa-AF', 'ps-AF', 'x-default'])
  for (const [, href] of alternates) expect(href, url).toMatch(/^https?:\/\/[^/]+\//)
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
  expect(new URL(canonical!).pathname, url).toBe(url === '/' ? '/' : url)
  await expect(page.locator('meta[name="description"]'), url).toHaveAttribute('content', /.{10,}/)
  await expect(page.locator('meta[property="og:title"]'), url).toHaveAttribute('content', /\S/)
  await expect(page.locator('meta[property="og:description"]'), url).toHaveAttribute('content', /.{10,}/)
  expect(await page.title(), url).not.toBe('')
}
