import { createHash } from 'node:crypto'
import { expect, test, type APIResponse } from '../support/test'
import { findTags, isSameOrigin, parseCsp, resourceReferences } from '../support/html'
import { FORM_PATHS, PUBLIC_PAGES } from '../support/paths'

// The values the server promises; see docs/decisions/003-csp-nonce.md and 006-page-caching.md.
const PAGE_CACHE_CONTROL = 'private, no-cache'
const ADMIN_CACHE_CONTROL = 'no-store'
const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable'
const STRICT_REFERRER_POLICIES = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']
/** Script types the browser does not execute, so they need no nonce. */
const DATA_SCRIPT_TYPES = ['application/ld+json', 'application/json']
const ACCEPT_COMPRESSED = { 'Accept-Encoding': 'gzip, deflate, br' }

function nonceOf(response: APIResponse): string | null {
  const source = parseCsp(response.headers()['content-security-policy'] ?? '')
    .get('script-src')
    ?.find((s) => s.startsWith("'nonce-"))
  return source ? source.slice("'nonce-".length, -1) : null
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

test.describe('every public page', () => {
  for (const { url } of PUBLIC_PAGES) {
    test(`${url}: CSP by a fresh nonce or by hashes, strict headers, compressed, private caching, no third-party resources`, async ({
      request,
      baseURL,
    }) => {
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
    })
  }
})

// The same promise at run time: every-page.spec.ts loads every public page in Chromium, scrolls it to
// the end and fails on any request to another origin (one page load serves both checks).

test('hashed assets are cached for a year and compressed; a missing asset is not', async ({ request }) => {
  const html = await (await request.get('/')).text()
  const assets = [
    ...findTags(html, ['script']).map((tag) => tag.attributes.src),
    // The module script names the scripts it loads after the first paint.
    ...findTags(html, ['script']).flatMap((tag) => [...(tag.content ?? '').matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1])),
    ...findTags(html, ['link'])
      .filter((tag) => /stylesheet|modulepreload|preload/.test(tag.attributes.rel ?? ''))
      .map((tag) => tag.attributes.href),
    // The stylesheet comes inline; its file stays for the browser's React, named in data-href.
    ...findTags(html, ['style']).map((tag) => tag.attributes['data-href']),
  ].filter((url): url is string => Boolean(url?.startsWith('/assets/')))
  expect(assets.some((url) => url.endsWith('.js'))).toBe(true)
  const stylesheet = assets.find((url) => url.endsWith('.css'))
  expect(stylesheet, 'the page names its stylesheet in /assets').toBeDefined()
  // Fonts are referenced from the stylesheet.
  const css = await (await request.get(stylesheet!)).text()
  const font = /url\((\/assets\/[^)]+\.woff2)\)/.exec(css)?.[1]
  expect(font, 'the stylesheet loads a self-hosted font from /assets').toBeDefined()

  for (const url of [...assets, font!]) {
    const response = await request.get(url, { headers: ACCEPT_COMPRESSED })
    expect(response.status(), url).toBe(200)
    expect(response.headers()['cache-control'], url).toBe(ASSET_CACHE_CONTROL)
    expect(response.headers()['x-content-type-options'], url).toBe('nosniff')
    if (/\.(js|css)$/.test(url) && (await response.body()).length > 1024) {
      expect(['gzip', 'br'], `${url} is compressed`).toContain(response.headers()['content-encoding'])
    }
  }

  const missing = await request.get('/assets/no-such-file-0000.js')
  expect(missing.status()).toBe(404)
  expect(missing.headers()['cache-control'] ?? '').not.toContain('immutable')
})

test('/healthz answers 200 JSON and is never cached', async ({ request }) => {
  const response = await request.get('/healthz')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/^application\/json/)
  expect(response.headers()['cache-control']).toBe('no-store')
  expect(await response.json()).toEqual({ status: 'ok' })
})

test('public pages come from the page cache: one ETag, 304 when it matches; staff and queries are rendered afresh', async ({ request }) => {
  await request.get('/academy/courses')
  const cached = await request.get('/academy/courses', { headers: ACCEPT_COMPRESSED })
  expect(cached.headers()['x-page-cache']).toBe('hit')
  const etag = cached.headers()['etag']!
  expect(etag).toMatch(/^"[\w-]+"$/)
  const again = await request.get('/academy/courses', { headers: { 'If-None-Match': etag } })
  expect(again.status()).toBe(304)
  expect(again.headers()['cache-control']).toBe(PAGE_CACHE_CONTROL)
  expect(again.headers()['x-content-type-options']).toBe('nosniff')

  const freshOnes: Array<[string, Record<string, string>]> = [
    ['/academy/courses', { Cookie: 'staff_session=not-a-real-session' }],
    ['/academy/courses?from=newsletter', {}],
  ]
  for (const [url, headers] of freshOnes) {
    const fresh = await request.get(url, { headers })
    expect(fresh.status(), url).toBe(200)
    expect(fresh.headers()['x-page-cache'], url).toBeUndefined()
    expect(nonceOf(fresh), `${url} is rendered with its own nonce`).not.toBeNull()
  }
})

test('pages with a form, data requests and error pages are private too', async ({ request }) => {
  for (const url of [...FORM_PATHS, '/clinic.data', '/fa/clinic.data', '/no-such-page']) {
    const response = await request.get(url)
    expect(response.headers()['cache-control'], url).toBe(PAGE_CACHE_CONTROL)
  }
})

test('staff pages are never stored', async ({ request }) => {
  for (const url of ['/admin', '/admin/login', '/admin/no-such-page']) {
    const response = await request.get(url, { maxRedirects: 0 })
    expect(response.status(), url).toBeLessThan(500)
    expect(response.headers()['cache-control'], url).toBe(ADMIN_CACHE_CONTROL)
  }
})
