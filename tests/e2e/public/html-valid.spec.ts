import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type Browser } from '../support/test'
import { LOCALES, PUBLIC_PAGES, localizedPath } from '../support/paths'

// Every public page in each language, the 404 page in each language, and the two forms after a
// submission the server refused (their errors shown) pass the Nu Html Checker with no error: the
// HTML as the server sends it, checked by one run of vnu.jar (one JVM for all the pages).

const VNU_JAR = 'node_modules/vnu-jar/build/dist/vnu.jar'
/**
 * Errors only, as JSON on stdout. Not the CSS of the stylesheet in <head>: it is Tailwind's output,
 * and vnu's CSS checker does not know several things browsers do (`@property`, `margin-trim`,
 * custom properties in `transition-property`), so its CSS messages say nothing about our markup.
 */
const VNU_OPTIONS = ['--errors-only', '--format', 'json', '--stdout', '--filterpattern', 'CSS: .*']
const FORMS = ['/clinic/appointment', '/academy/register'] as const

interface CheckedPage {
  /** What the page is: its URL, and how it was reached when that is not a plain GET. */
  name: string
  html: string
}

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error'
  url?: string
  lastLine?: number
  firstColumn?: number
  message: string
  extract?: string
}

/** The page the server answers to a form sent empty without JavaScript: 400, with every field's error. */
async function refusedForm(browser: Browser, url: string): Promise<string> {
  const context = await browser.newContext({ javaScriptEnabled: false })
  try {
    const page = await context.newPage()
    await page.goto(url)
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.locator('form:has(input[name="token"]) button[type="submit"]').click(),
    ])
    expect(response.status(), `${url} sent empty`).toBe(400)
    return await response.text()
  } finally {
    await context.close()
  }
}

/** vnu's messages, one entry per message and extract, with every page (and place) it is found on. */
function errorReport(messages: VnuMessage[], pageOf: (file: string) => string): string[] {
  const places = new Map<string, string[]>()
  for (const message of messages.filter((m) => m.type !== 'info')) {
    const page = message.url ? pageOf(decodeURIComponent(new URL(message.url).pathname)) : 'vnu'
    const extract = message.extract ? `\n    ${message.extract.replace(/\s+/g, ' ').trim()}` : ''
    const key = `${message.message}${extract}`
    places.set(key, [...(places.get(key) ?? []), `${page} (line ${message.lastLine ?? '?'}, column ${message.firstColumn ?? '?'})`])
  }
  return [...places].map(([message, where]) => `${message}\n    on ${where.join(', ')}`)
}

test('every public page, the 404 page and the forms showing their errors are valid HTML', async ({ request, browser }) => {
  const pages: CheckedPage[] = []
  for (const { url } of PUBLIC_PAGES) {
    const response = await request.get(url)
    expect(response.status(), url).toBe(200)
    pages.push({ name: url, html: await response.text() })
  }
  for (const locale of LOCALES) {
    const url = localizedPath('/no-such-page', locale)
    const response = await request.get(url)
    expect(response.status(), url).toBe(404)
    pages.push({ name: `${url} (404)`, html: await response.text() })
    for (const form of FORMS) {
      const formUrl = localizedPath(form, locale)
      pages.push({ name: `${formUrl} (sent empty, without JavaScript)`, html: await refusedForm(browser, formUrl) })
    }
  }

  const folder = await mkdtemp(path.join(tmpdir(), 'html-valid-'))
  try {
    const files = new Map<string, CheckedPage>()
    await Promise.all(
      pages.map(async (page, index) => {
        const file = path.join(folder, `page-${index}.html`)
        files.set(file, page)
        await writeFile(file, page.html)
      }),
    )
    const run = spawnSync('java', ['-jar', VNU_JAR, ...VNU_OPTIONS, ...files.keys()], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    if (run.error) throw new Error(`java could not run (is a Java runtime installed?): ${run.error.message}`)
    const { messages } = JSON.parse(run.stdout) as { messages: VnuMessage[] }
    const report = errorReport(messages, (file) => files.get(file)?.name ?? file)
    expect(report.length, `HTML errors in the ${pages.length} pages checked:\n${report.join('\n')}\n`).toBe(0)
    expect(run.status, run.stderr).toBe(0)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
})
