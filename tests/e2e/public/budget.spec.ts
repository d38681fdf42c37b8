import { expect, test } from '../support/test'
import { findTags } from '../support/html'

// When a page's scripts load, the framework's compile hint, and the stylesheets. Each public page's
// first screen and inline stylesheet, and the JavaScript it loads: every-page.spec.ts.

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
