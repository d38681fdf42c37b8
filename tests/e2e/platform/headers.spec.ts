import { expect, test } from '../support/test'
import { findTags } from '../support/html'
import { ACCEPT_COMPRESSED, PAGE_CACHE_CONTROL, nonceOf } from '../support/page-checks'
import { FORM_PATHS } from '../support/paths'

// The values the server promises; see docs/decisions/003-csp-nonce.md and 006-page-caching.md.
// Each public page's own headers and HTML (the policy by nonce or hashes, strict headers, compressed,
// private caching, no third-party resources): every-page.spec.ts, which in the same visit loads the
// page in Chromium, scrolls it to the end and fails on any request to another origin.
const ADMIN_CACHE_CONTROL = 'no-store'
const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable'

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
