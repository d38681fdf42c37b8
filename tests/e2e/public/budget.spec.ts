import { get } from 'node:http'
import { gzipSync } from 'node:zlib'
import { expect, test } from '../support/test'
import { findTags, isSameOrigin } from '../support/html'
import { waitForHydration } from '../support/page'
import { PUBLIC_PAGES } from '../support/paths'

/**
 * The most JavaScript a public page may load: the script files it requests, as the server sends
 * them (patients on slow, paid mobile data). Browsers take Brotli, which must leave headroom under
 * 120 kB; a client that takes only gzip gets at most 132 kB (130 until the isolation of phone numbers
 * in Dari and Pashto texts and the staff's Solar Hijri date field took 0.8 kB; 131 until a form's
 * request kept on the phone while offline took 0.9 kB, docs/performance.md).
 * The inline router state and the HTML are reported beside it.
 */
const JS_BUDGET_BYTES = 132_000
const JS_BROTLI_BUDGET_BYTES = 120_000
/** Each script file costs a phone a request and, on a slow link, round trips: a page loads few. */
const SCRIPT_FILES_BUDGET = 12
const DATA_SCRIPT_TYPES = ['application/ld+json', 'application/json']

interface PageSize {
  url: string
  files: number
  /** gzip bytes of the script files the page loaded. */
  files_gz: number
  /** Brotli bytes of the same files (what a browser downloads). */
  files_br: number
  /** gzip bytes of the inline scripts (router state and loader data), part of the HTML. */
  inline_gz: number
  html_gz: number
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1)

function table(rows: PageSize[]): string {
  const header = ['page', 'script files', 'JS kB (Brotli)', 'JS kB (gzip)', 'inline scripts kB', 'HTML kB']
  const lines = rows.map((row) => [row.url, String(row.files), kB(row.files_br), kB(row.files_gz), kB(row.inline_gz), kB(row.html_gz)])
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)))
  const format = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')
  return [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.map(format)].join('\n')
}

test('every public page loads at most 120 kB of JavaScript (Brotli; 132 kB gzip) in at most 12 files, and nothing from another origin', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(PUBLIC_PAGES.length * 15_000)
  // What a phone downloads: each script as the server sends it with Brotli or gzip (precompressed
  // files where the build made them, compressed on the fly otherwise), counted before decoding.
  const sizes = new Map<string, number>()
  async function sizeOf(url: string, encoding: Encoding): Promise<number> {
    const key = `${encoding} ${url}`
    if (!sizes.has(key)) sizes.set(key, await transferSize(url, encoding))
    return sizes.get(key)!
  }

  const rows: PageSize[] = []
  const foreign: string[] = []
  for (const { url } of PUBLIC_PAGES) {
    // A fresh browser context per page: an empty cache, so every script the page needs is requested.
    const context = await browser.newContext()
    const page = await context.newPage()
    const scripts = new Set<string>()
    page.on('request', (loaded) => {
      if (!isSameOrigin(loaded.url(), baseURL!)) foreign.push(`${url} → ${loaded.url()}`)
      else if (loaded.resourceType() === 'script' || /\.m?js$/.test(new URL(loaded.url()).pathname)) scripts.add(loaded.url())
    })
    const response = await page.goto(url)
    expect(response?.status(), url).toBe(200)
    const html = (await response?.text()) ?? ''
    await waitForHydration(page)
    // Bring lazily loaded images and scripts into play.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.waitForLoadState('networkidle')
    await context.close()

    let files_gz = 0
    let files_br = 0
    for (const script of scripts) {
      files_gz += await sizeOf(script, 'gzip')
      files_br += await sizeOf(script, 'br')
    }
    const inline = findTags(html, ['script'])
      .filter((tag) => !tag.attributes.src && !DATA_SCRIPT_TYPES.includes((tag.attributes.type ?? '').toLowerCase()))
      .map((tag) => tag.content ?? '')
      .join('\n')
    const inline_gz = inline ? gzipSync(inline).length : 0
    rows.push({ url, files: scripts.size, files_gz, files_br, inline_gz, html_gz: gzipSync(html).length })
  }

  const report = table(rows)
  const largest = rows.reduce((a, b) => (b.files_br > a.files_br ? b : a))
  console.info(
    `JavaScript per page (kB = 1000 bytes; budget ${kB(JS_BROTLI_BUDGET_BYTES)} kB Brotli, ${kB(JS_BUDGET_BYTES)} kB gzip):\n${report}\n` +
      `largest: ${largest.url} ${kB(largest.files_br)} kB Brotli, ${kB(largest.files_gz)} kB gzip`,
  )
  await testInfo.attach('javascript-sizes.txt', { body: report, contentType: 'text/plain' })

  expect(foreign, 'requests to other origins').toEqual([])
  const over = rows.filter((row) => row.files_gz > JS_BUDGET_BYTES).map((row) => `${row.url}: ${kB(row.files_gz)} kB`)
  expect(over, `pages over the ${kB(JS_BUDGET_BYTES)} kB JavaScript budget (gzip)`).toEqual([])
  const overBrotli = rows.filter((row) => row.files_br > JS_BROTLI_BUDGET_BYTES).map((row) => `${row.url}: ${kB(row.files_br)} kB`)
  expect(overBrotli, `pages over the ${kB(JS_BROTLI_BUDGET_BYTES)} kB JavaScript budget (Brotli)`).toEqual([])
  const many = rows.filter((row) => row.files > SCRIPT_FILES_BUDGET).map((row) => `${row.url}: ${row.files} files`)
  expect(many, `pages loading more than ${SCRIPT_FILES_BUDGET} script files`).toEqual([])
})

/** What a slow link delivers in its first round trips (about ten TCP segments): the first screen fits. */
const FIRST_SCREEN_BUDGET_BYTES = 14_000
/**
 * The inline stylesheet of a public page, gzip: its own rules and utilities, none of the staff
 * screens' (with them it was 10.6 kB).
 */
const STYLESHEET_BUDGET_BYTES = 9_500

test('the first screen arrives in the first 14 kB: the stylesheet inline and first in <head>, no script before the first paint', async ({
  request,
}) => {
  for (const { url } of PUBLIC_PAGES) {
    const html = await (await request.get(url)).text()
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
})

test('scripts are requested only after the first contentful paint, and the page then becomes interactive', async ({ page }) => {
  for (const url of ['/clinic', '/fa/clinic', '/ps/academy/register']) {
    // The page fixture waits for `<html data-hydrated>` after the navigation.
    await page.goto(url)
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => entry.startTime),
    }))
    expect(timing.scripts.length, `${url} loads its scripts`).toBeGreaterThan(0)
    expect(Math.min(...timing.scripts), `${url}: the first script request after the first contentful paint`).toBeGreaterThanOrEqual(
      timing.firstPaint,
    )
  }
})

test('the inline stylesheet is allowed by the policy, by hash from the page cache and by nonce when rendered', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  // A query is never answered from the page cache: that page is rendered with the response's nonce.
  for (const url of ['/clinic', '/fa/clinic', '/clinic?from=a-shared-link']) {
    const response = await page.goto(url)
    expect(response?.headers()['x-page-cache'] === undefined, url).toBe(url.includes('?'))
    // The site's rules apply (the browser's own default is a margin of 8px).
    expect(await page.locator('body').evaluate((body) => getComputedStyle(body).margin), url).toBe('0px')
  }
  expect(violations).toEqual([])
})

test('staff pages carry the staff stylesheet, and the sign-in link of the home page brings it along', async ({ page, request }) => {
  const html = await (await request.get('/admin/login')).text()
  const [first] = findTags(html.slice(0, html.indexOf('</head>')), ['link', 'style', 'script'])
  expect(first?.name).toBe('style')
  expect(first?.attributes['data-href']).toMatch(/^\/assets\/staff-[\w-]+\.css$/)

  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  await page.goto('/')
  const staffStylesheet = page.waitForResponse((response) => /\/assets\/staff-[\w-]+\.css$/.test(new URL(response.url()).pathname))
  await page.getByRole('link', { name: 'Admin', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
  expect((await staffStylesheet).status()).toBe(200)
  // A rule only the staff stylesheet has: the sign-in fields' dark border on focus.
  const field = page.locator('#username')
  const unfocused = await field.evaluate((element) => getComputedStyle(element).borderTopColor)
  await field.focus()
  expect(await field.evaluate((element) => getComputedStyle(element).borderTopColor)).not.toBe(unfocused)
  expect(violations).toEqual([])
})

type Encoding = 'gzip' | 'br'

/** The bytes of a response sent with `Accept-Encoding: <encoding>`, as they cross the network. */
function transferSize(url: string, encoding: Encoding): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`${url}: ${response.statusCode}`))
      if (response.headers['content-encoding'] !== encoding) return reject(new Error(`${url} was not sent with ${encoding}`))
      let bytes = 0
      response.on('data', (chunk: Buffer) => (bytes += chunk.length))
      response.on('end', () => resolve(bytes))
      response.on('error', reject)
    }).on('error', reject)
  })
}
