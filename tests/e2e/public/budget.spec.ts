import { gzipSync } from 'node:zlib'
import { expect, test } from '../support/test'
import { findTags } from '../support/html'
import { PUBLIC_PAGES } from '../support/paths'

// The first screen and its stylesheet. The JavaScript each public page loads: every-page.spec.ts.

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

test("the framework's script asks V8 to compile it whole as it downloads, and only that script does", async ({ request }) => {
  // docs/decisions/031-framework-compile-hint.md: the hint must open the file, exactly as written.
  const HINT = '//# allFunctionsCalledOnLoad'
  const html = await (await request.get('/fa/clinic')).text()
  const [module] = findTags(html, ['script']).filter((tag) => tag.attributes.type === 'module')
  const scripts = [...new Set(module?.content?.match(/\/assets\/[\w.-]+\.js/g) ?? [])]
  const framework = scripts.filter((script) => /^\/assets\/framework-[\w-]+\.js$/.test(script))
  expect(framework, 'the page loads the framework chunk').toHaveLength(1)
  for (const script of scripts) {
    for (const encoding of ['br', 'identity']) {
      const text = await (await request.get(script, { headers: { 'Accept-Encoding': encoding } })).text()
      if (script === framework[0]) expect(text.startsWith(`${HINT}\n`), `${script} (${encoding}) opens with the hint`).toBe(true)
      else expect(text, `${script} (${encoding}) has no hint`).not.toContain(HINT)
    }
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
