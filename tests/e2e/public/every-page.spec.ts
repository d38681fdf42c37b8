import { expect, test } from '../support/test'
import { accessibilityProblems } from '../support/axe'
import { collectBrowserErrors, waitForHydration } from '../support/page'
import { expectFirstScreenInFirstRoundTrips, expectSearchEngineLinks, expectStrictAnswer } from '../support/page-checks'
import { PUBLIC_PAGES } from '../support/paths'
import { latinWords, pageTexts, phonesReadLeftToRight } from '../support/rtl-text'
import { scriptBytes, watchRequests } from '../support/script-sizes'

// Each public page in each language, visited once and checked for everything that holds on every
// page. As the server sends it: the headers and the HTML (policy, caching, compression, no
// third-party resources) and the first screen within the first round trips. Loaded in a fresh
// browser (an empty cache): what it answers, its language, the links search engines read, errors in
// the browser, accessibility, the JavaScript it loads and, in Dari and Pashto, what a reader sees at
// phone width. Valid HTML: html-valid.spec.ts (one run of the checker for every page).

/**
 * The most JavaScript a public page may load: the script files it requests, as the server sends
 * them (patients on slow, paid mobile data). Browsers take Brotli, which must leave headroom under
 * 120 kB; a client that takes only gzip gets at most 133 kB (130 until the isolation of phone numbers
 * in Dari and Pashto texts and the staff's Solar Hijri date field took 0.8 kB; 131 until a form's
 * request kept on the phone while offline took 0.9 kB; 132 until the route manifest of the new
 * pages (articles, news, feeds, the gallery and their staff screens) took 0.6 kB, docs/performance.md).
 */
const JS_BROTLI_BUDGET_BYTES = 120_000
const JS_BUDGET_BYTES = 133_000
/** Each script file costs a phone a request and, on a slow link, round trips: a page loads few. */
const SCRIPT_FILES_BUDGET = 12

const PHONE = { width: 390, height: 844 }

const kB = (bytes: number) => (bytes / 1000).toFixed(1)

for (const { url, path, lang, dir } of PUBLIC_PAGES) {
  test(`${url}: strict headers, the first screen in 14 kB, 200, one heading, ${lang}, linked languages, no errors, accessible, within the JavaScript budget${dir === 'rtl' ? ', no English, phones in order' : ''}`, async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const html = await expectStrictAnswer(request, url, baseURL!)
    expectFirstScreenInFirstRoundTrips(html, url)

    const problems = collectBrowserErrors(page)
    const requests = watchRequests(page, baseURL!)

    const response = await page.goto(url)
    expect(response?.status()).toBe(200)
    await expect(page.locator('h1')).toHaveCount(1)
    await expect(page.locator('html')).toHaveAttribute('lang', lang)
    await expect(page.locator('html')).toHaveAttribute('dir', dir)
    expect((await page.title()).trim(), 'the page has a title').not.toBe('')
    await expectSearchEngineLinks(page, url)
    await waitForHydration(page)
    // Bring lazily loaded images and scripts into play.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.waitForLoadState('networkidle')
    expect(problems, 'errors in the browser console (CSP violations appear here too)').toEqual([])
    expect(await accessibilityProblems(page), 'serious or critical accessibility violations').toEqual([])

    expect(requests.foreign, 'requests to other origins').toEqual([])
    const { brotli, gzip } = await scriptBytes(requests.scripts)
    const sizes = `${requests.scripts.size} script files, ${kB(brotli)} kB Brotli, ${kB(gzip)} kB gzip`
    console.info(`JavaScript of ${url}: ${sizes}`)
    await testInfo.attach('javascript.txt', { body: sizes, contentType: 'text/plain' })
    expect(brotli, `JavaScript (Brotli), at most ${kB(JS_BROTLI_BUDGET_BYTES)} kB`).toBeLessThanOrEqual(JS_BROTLI_BUDGET_BYTES)
    expect(gzip, `JavaScript (gzip), at most ${kB(JS_BUDGET_BYTES)} kB`).toBeLessThanOrEqual(JS_BUDGET_BYTES)
    expect(requests.scripts.size, 'script files').toBeLessThanOrEqual(SCRIPT_FILES_BUDGET)

    if (dir === 'ltr') return
    await page.setViewportSize(PHONE)
    expect(latinWords(await pageTexts(page)), 'English words').toEqual([])
    const phones = await phonesReadLeftToRight(page)
    for (const phone of phones) expect(phone.ok, `"${phone.text}" reads left to right`).toBe(true)
    if (path.startsWith('/clinic')) expect(phones.length, 'the clinic pages show the phone number').toBeGreaterThan(0)
    // Kept under test-results/ for a reviewer of the right-to-left layout.
    const file = testInfo.outputPath(`${url.slice(1).replaceAll('/', '-')}-${PHONE.width}px.png`)
    await page.screenshot({ path: file, fullPage: true })
    await testInfo.attach(`${url} at ${PHONE.width} px`, { path: file, contentType: 'image/png' })
  })
}
