import { writeFile } from 'node:fs/promises'
import { expect, test, type Page } from '../support/test'
import { formatDate, formatYear, isoDateIn } from '../../../app/lib/i18n/dates'
import { messagesFor } from '../../../app/locales'
import { waitForHydration } from '../support/page'
import { PUBLIC_PATHS, localizedPath } from '../support/paths'
import { latinWords, pageTexts } from '../support/rtl-text'
import { fillSolarDate } from '../support/solar-date'

/**
 * Dari and Pashto: Afghan dates and digits, forms with Eastern digits, the chat helper, the font,
 * search-engine files and the first-visit language choice. Each page's language, direction, links
 * to its languages, English left over and phone numbers: every-page.spec.ts; not-found pages in
 * each language: not-found.spec.ts.
 */

const RTL_LOCALES = [{ locale: 'fa' }, { locale: 'ps' }] as const

test.describe('Afghan dates and numbers', () => {
  // Counts go through Intl.PluralRules: Pashto says «نمره» for one and «نمرې» for more.
  for (const { locale, rating } of [
    { locale: 'fa', rating: 'امتیاز ۵ از ۵' },
    { locale: 'ps', rating: 'له ۵ څخه ۵ نمرې' },
  ] as const) {
    test(`/${locale}: the footer year is the Solar Hijri year in Eastern digits, and a count is read in its plural form (the testimonials' rating)`, async ({
      page,
    }) => {
      await page.goto(`/${locale}/clinic`)
      const year = formatYear(new Date(), locale)
      await expect(page.getByRole('contentinfo')).toContainText(`© ${year}`)
      expect(year).toMatch(/^[۰-۹]{4}$/)
      await expect(page.getByRole('img', { name: rating, exact: true }).first()).toBeAttached()
    })
  }

  test('fees are written in Eastern digits with the name of the Afghani', async ({ page }) => {
    await page.goto('/fa/academy/courses')
    await expect(page.getByText('۲۵٬۰۰۰ افغانی', { exact: true })).toBeVisible()
    await page.goto('/ps/academy/courses')
    await expect(page.getByText('۵٬۰۰۰ افغانۍ', { exact: true })).toBeVisible()
  })
})

/** A date a few days ahead in Kabul (YYYY-MM-DD), given to the form as a Solar Hijri day, month and year. */
function preferredDate(): string {
  return isoDateIn(new Date(Date.now() + 5 * 86_400_000))
}

const FORM_CASES = [
  {
    locale: 'fa',
    name: 'احمد شاه',
    appointment: { name: 'نام کامل', phone: 'شماره تماس', submit: 'درخواست وقت ملاقات' },
    successTitle: '✅ درخواست وقت ملاقات فرستاده شد!',
    registration: {
      name: 'نام کامل',
      phone: 'شماره تماس',
      email: 'ایمیل',
      address: 'آدرس',
      education: 'بالاترین سطح تحصیل',
      submit: 'ثبت‌نام',
    },
    registered: 'ثبت‌نام فرستاده شد',
  },
  {
    locale: 'ps',
    name: 'ګل افغان',
    appointment: { name: 'بشپړ نوم', phone: 'د اړیکې شمېره', submit: 'د وخت غوښتنه ولېږئ' },
    successTitle: '✅ د لیدنې وخت غوښتنه ولېږل شوه!',
    registration: {
      name: 'بشپړ نوم',
      phone: 'د اړیکې شمېره',
      email: 'برېښنالیک',
      address: 'پته',
      education: 'د زده کړې تر ټولو لوړه کچه',
      submit: 'نوم لیکنه ولېږئ',
    },
    registered: 'نوم لیکنه ولېږل شوه',
  },
] as const

test.describe('forms in Dari and Pashto with Eastern digits', () => {
  test.beforeEach(async ({ context }) => {
    // The pre-filled WhatsApp message opens in a new tab; keep the test off the internet.
    await context.route(/wa\.me|whatsapp\.com/, (route) => route.fulfill({ status: 204, body: '' }))
  })

  for (const form of FORM_CASES) {
    test(`/${form.locale}/clinic/appointment: an appointment with the phone ۰۷۰۱۲۳۴۵۶۷ is saved`, async ({ page }) => {
      await page.goto(`/${form.locale}/clinic/appointment`)
      await waitForHydration(page)
      const main = page.getByRole('main')
      await main.getByLabel(form.appointment.name).fill(form.name)
      await main.getByLabel(form.appointment.phone).fill('۰۷۰۱۲۳۴۵۶۷')
      const date = preferredDate()
      await fillSolarDate(main, form.locale, date)
      await main.getByRole('button', { name: form.appointment.submit }).click()

      const success = main.locator('[data-variant="success"]')
      await expect(success).toContainText(form.successTitle)
      // The preferred date is echoed in the Solar Hijri calendar with the Gregorian date beside it.
      await expect(success).toContainText(formatDate(date, form.locale))
      // The saved phone number reaches the WhatsApp message in international form.
      const href = await success.getByRole('link').getAttribute('href')
      expect(decodeURIComponent(href ?? '')).toContain('93701234567')
    })

    test(`/${form.locale}/academy/register: a registration with Eastern digits is saved`, async ({ page }) => {
      await page.goto(`/${form.locale}/academy/register`)
      await waitForHydration(page)
      const main = page.getByRole('main')
      await main.getByLabel(form.registration.name).fill(form.name)
      await main.getByLabel(form.registration.email).fill('student@example.com')
      await main.getByLabel(form.registration.phone).fill('٠٧٩٩ ١٢٣ ٤٥٦')
      await main.getByLabel(form.registration.address).fill('کابل، ناحیه ۱۰')
      await main.getByLabel(form.registration.education).fill('صنف ۱۲')
      await main.getByRole('button', { name: form.registration.submit }).click()
      const success = main.locator('[data-variant="success"]')
      await expect(success).toContainText(form.registered)
      await expect(success).toContainText(form.name)
      const href = await success.getByRole('link').getAttribute('href')
      expect(decodeURIComponent(href ?? '')).toContain('93799123456')
    })
  }

  test('/ps/clinic/appointment works without JavaScript, Eastern digits included', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/ps/clinic/appointment')
    const main = page.getByRole('main')
    await main.getByLabel('بشپړ نوم').fill('ګل افغان')
    await main.getByLabel('د اړیکې شمېره').fill('۰۷۰۱۲۳۴۵۶۷')
    const date = preferredDate()
    await fillSolarDate(main, 'ps', date)
    await main.getByRole('button', { name: 'د وخت غوښتنه ولېږئ' }).click()
    const success = main.locator('[data-variant="success"]')
    await expect(success).toContainText('✅ د لیدنې وخت غوښتنه ولېږل شوه!')
    await expect(success).toContainText(formatDate(date, 'ps'))
    await context.close()
  })
})

test.describe('chat helper in Dari and Pashto', () => {
  for (const { locale } of RTL_LOCALES) {
    test(`/${locale}/clinic: the greeting, quick options and answers are translated`, async ({ page }) => {
      await page.goto(`/${locale}/clinic`)
      await waitForHydration(page)
      const button = locale === 'fa' ? 'با ما صحبت کنید' : 'له موږ سره خبرې وکړئ'
      await page.getByRole('button', { name: button }).first().click()
      const panel = page
        .getByRole('dialog')
        .or(page.getByRole('region', { name: button }))
        .first()
      await expect(panel).toBeVisible()
      await page.getByRole('button', { name: locale === 'fa' ? 'آدرس ما' : 'زموږ پته' }).click()
      await expect(panel).toContainText(locale === 'fa' ? 'آدرس ما:' : 'زموږ پته:')
      expect(latinWords(await pageTexts(page))).toEqual([])
      // The panel opens on the reading-direction end: the left side in right-to-left pages.
      const box = await panel.boundingBox()
      const width = page.viewportSize()!.width
      expect(box!.x + box!.width / 2).toBeLessThan(width / 2)
    })
  }
})

test.describe('fonts', () => {
  async function fontRequests(page: Page, url: string) {
    const fonts: { url: string; bytes: number }[] = []
    page.on('response', async (response) => {
      if (!/\.woff2($|\?)/.test(response.url())) return
      const body = await response.body().catch(() => Buffer.alloc(0))
      fonts.push({ url: response.url(), bytes: body.length })
    })
    await page.goto(url)
    await waitForHydration(page)
    await page.evaluate(() => document.fonts.ready)
    return fonts
  }

  test('an English page downloads no Vazirmatn', async ({ page }) => {
    const fonts = await fontRequests(page, '/clinic')
    expect(fonts.filter((f) => /vazirmatn/i.test(f.url))).toEqual([])
  })

  for (const { locale } of RTL_LOCALES) {
    test(`a ${locale} page preloads and uses the Vazirmatn subset, which has every Pashto letter`, async ({ page }, testInfo) => {
      const fonts = await fontRequests(page, `/${locale}/clinic`)
      const vazirmatn = fonts.filter((f) => /vazirmatn/i.test(f.url))
      expect(vazirmatn.length).toBeGreaterThan(0)
      await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(2)
      const total = vazirmatn.reduce((sum, f) => sum + f.bytes, 0)
      const report = testInfo.outputPath('font-bytes.json')
      await writeFile(report, JSON.stringify({ locale, fonts, vazirmatnBytes: total }, null, 2))
      await testInfo.attach('font bytes', { path: report, contentType: 'application/json' })
      console.info(`/${locale}/clinic downloads ${total} bytes of Vazirmatn (${vazirmatn.length} files)`)
      // Regular and bold, about 21 KB each: Dari and Pashto, Basic Latin, punctuation (docs/decisions/008).
      expect(total).toBeLessThan(45_000)
      const covered = await page.evaluate(async () => {
        await document.fonts.load('16px Vazirmatn', 'ټډړږښګڼۍېځڅ')
        return document.fonts.check('16px Vazirmatn', 'ټ ډ ړ ږ ښ ګ ڼ ۍ ې ځ څ ۰۱۲۳۴۵۶۷۸۹')
      })
      expect(covered).toBe(true)
      const family = await page.locator('h1').evaluate((h1) => getComputedStyle(h1).fontFamily)
      expect(family).toMatch(/^"?Vazirmatn"?,/)
      // The fonts the browser really drew the heading with (not only the CSS that names them). The
      // faces are `font-display: optional`: a page whose font arrives after its first paint keeps the
      // fallback, and a later page draws with the cached font. On a busy machine even the cached font
      // can miss a page's first paint, so the check reads up to five later pages.
      const cdp = await page.context().newCDPSession(page)
      let drawn: string[] = []
      for (let visit = 0; visit < 5 && !drawn.includes('Vazirmatn'); visit++) {
        await page.reload()
        await page.evaluate(() =>
          document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))),
        )
        await cdp.send('DOM.enable')
        await cdp.send('CSS.enable')
        const { root } = await cdp.send('DOM.getDocument')
        const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' })
        const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
        drawn = fonts.map((font) => font.familyName)
      }
      expect(drawn).toContain('Vazirmatn')
    })

    test(`a ${locale} page draws each sentence in one font: punctuation, digits and Latin words in Vazirmatn too`, async ({ page }) => {
      const mixed: string[] = []
      // The fonts the browser drew each element's own text with (its child text nodes).
      async function mixedFonts(path: string): Promise<string[]> {
        const found: string[] = []
        const cdp = await page.context().newCDPSession(page)
        try {
          await cdp.send('DOM.enable')
          await cdp.send('CSS.enable')
          const { root } = await cdp.send('DOM.getDocument')
          const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: 'body *' })
          for (const nodeId of nodeIds) {
            const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
            const families = [...new Set(fonts.map((font) => font.familyName))]
            if (families.length === 0 || (families.length === 1 && families[0] === 'Vazirmatn')) continue
            const { outerHTML } = await cdp.send('DOM.getOuterHTML', { nodeId })
            found.push(`${path}: ${families.join(' + ')} in ${outerHTML.replace(/\s+/g, ' ').slice(0, 160)}`)
          }
          return found
        } finally {
          await cdp.detach()
        }
      }
      for (const path of ['/clinic', '/academy/courses', '/academy/register']) {
        await page.goto(localizedPath(path, locale))
        await waitForHydration(page)
        await page.evaluate(() => document.fonts.ready)
        // `font-display: optional`: the second load draws with the font the first one cached.
        await page.reload()
        await waitForHydration(page)
        await page.evaluate(() =>
          document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))),
        )
        // An element React replaced while it was read has no fonts to report: the page is read again.
        let found: string[]
        try {
          found = await mixedFonts(path)
        } catch (error) {
          if (!/Could not find node/.test(String(error))) throw error
          found = await mixedFonts(path)
        }
        mixed.push(...found)
      }
      expect(mixed, mixed.join('\n')).toEqual([])
    })
  }

  test('a Dari page does not shift its layout when the font arrives on a slow connection', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 300,
      downloadThroughput: 60_000,
      uploadThroughput: 30_000,
    })
    await page.addInitScript(() => {
      const win = window as unknown as { cls: number; shifts: string[] }
      win.cls = 0
      win.shifts = []
      type Shift = { value: number; hadRecentInput: boolean; startTime: number; sources: { node?: Node }[] }
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Shift[]) {
          if (entry.hadRecentInput) continue
          win.cls += entry.value
          const nodes = entry.sources.map((source) => (source.node as Element | undefined)?.outerHTML?.slice(0, 100) ?? '?')
          const fonts = [...document.fonts].map((font) => `${font.family} ${font.weight} ${font.status}`).join(', ')
          win.shifts.push(`${Math.round(entry.startTime)} ms ${entry.value.toFixed(3)} [${fonts}] ${nodes.join(' | ')}`)
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto('/fa/clinic', { timeout: 60_000 })
    await page.evaluate(() => document.fonts.ready)
    await page.waitForTimeout(500)
    const { cls, shifts } = await page.evaluate(() => {
      const win = window as unknown as { cls: number; shifts: string[] }
      return { cls: win.cls, shifts: win.shifts }
    })
    expect(cls, shifts.join('\n')).toBeLessThan(0.1)
    await context.close()
  })
})

test.describe('search engines', () => {
  test('sitemap.xml is well-formed and lists every public page in every language with alternates', async ({ page, request }) => {
    const response = await request.get('/sitemap.xml')
    expect(response.ok()).toBe(true)
    expect(response.headers()['content-type']).toContain('xml')
    const xml = await response.text()
    await page.goto('/')
    const summary = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'application/xml')
      const SITEMAP = 'http://www.sitemaps.org/schemas/sitemap/0.9'
      const XHTML = 'http://www.w3.org/1999/xhtml'
      return {
        parseError: doc.getElementsByTagName('parsererror').length > 0,
        root: `${doc.documentElement.namespaceURI} ${doc.documentElement.localName}`,
        locs: [...doc.getElementsByTagNameNS(SITEMAP, 'loc')].map((loc) => loc.textContent ?? ''),
        alternatesPerUrl: [...doc.getElementsByTagNameNS(SITEMAP, 'url')].map((url) => url.getElementsByTagNameNS(XHTML, 'link').length),
      }
    }, xml)
    expect(summary.parseError).toBe(false)
    expect(summary.root).toBe('http://www.sitemaps.org/schemas/sitemap/0.9 urlset')
    expect(summary.locs).toHaveLength(PUBLIC_PATHS.length * 3)
    for (const loc of summary.locs) expect(loc).toMatch(/^https?:\/\/[^/]+\//)
    const paths = summary.locs.map((loc) => new URL(loc).pathname)
    for (const path of PUBLIC_PATHS) {
      for (const locale of ['en', 'fa', 'ps'] as const) expect(paths).toContain(localizedPath(path, locale))
    }
    expect(new Set(summary.alternatesPerUrl)).toEqual(new Set([4]))
  })

  test('robots.txt keeps /admin out and points to the sitemap', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text()
    expect(robots).toMatch(/^Disallow: \/admin$/m)
    expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m)
  })

  test('structured data parses as JSON-LD: Dentist on the clinic, EducationalOrganization and Course on the academy', async ({ page }) => {
    const read = async (url: string) => {
      await page.goto(url)
      const scripts = page.locator('script[type="application/ld+json"]')
      await expect(scripts).toHaveCount(1)
      expect(await scripts.getAttribute('nonce')).not.toBeNull()
      return JSON.parse((await scripts.textContent()) ?? '') as Record<string, unknown>
    }
    const dentist = await read('/fa/clinic/contact')
    expect(dentist['@context']).toBe('https://schema.org')
    expect(dentist['@type']).toBe('Dentist')
    expect(dentist.telephone).toMatch(/^\+93\d{9}$/)
    expect(dentist.address).toMatchObject({ '@type': 'PostalAddress', postalCode: '1005', addressCountry: 'AF' })
    expect(dentist.openingHoursSpecification).toEqual([
      expect.objectContaining({ opens: '08:00', closes: '17:00', dayOfWeek: expect.not.arrayContaining(['https://schema.org/Friday']) }),
    ])

    const academy = await read('/ps/academy/courses')
    const graph = academy['@graph'] as Array<Record<string, unknown>>
    expect(graph.map((node) => node['@type'])).toEqual(['EducationalOrganization', 'Course', 'Course', 'Course'])
    expect(graph.find((node) => node.offers)).toMatchObject({ offers: { price: 25000, priceCurrency: 'AFN' } })

    await page.goto('/fa/does-not-exist')
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0)
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0)
  })
})

test.describe('first visit', () => {
  const cases = [
    { header: 'fa-AF,fa;q=0.9,en;q=0.8', to: '/fa' },
    { header: 'prs', to: '/fa' },
    { header: 'ps-AF,ps;q=0.9', to: '/ps' },
    { header: 'en-US,en;q=0.9,fa;q=0.5', to: null },
  ]
  for (const { header, to } of cases) {
    test(`/ with Accept-Language "${header}" ${to ? `goes to ${to}` : 'stays English'}`, async ({ request }) => {
      const response = await request.get('/', { headers: { 'Accept-Language': header }, maxRedirects: 0 })
      if (to) {
        expect(response.status()).toBe(302)
        expect(response.headers().location).toBe(to)
      } else {
        expect(response.status()).toBe(200)
      }
      expect(response.headers().vary).toMatch(/Accept-Language/)
    })
  }

  test('a crawler without Accept-Language gets English with the alternates', async ({ request }) => {
    const response = await request.get('/', { headers: { 'Accept-Language': '' }, maxRedirects: 0 })
    expect(response.status()).toBe(200)
    const html = await response.text()
    expect(html).toContain('<html lang="en" dir="ltr"')
    expect(html).toMatch(/<link rel="alternate" href="[^"]+\/fa" hrefLang="fa-AF"\/>/)
    expect(html).toMatch(/<link rel="alternate" href="[^"]+\/ps" hrefLang="ps-AF"\/>/)
    expect(html).toMatch(/<link rel="alternate" href="[^"]+\/" hrefLang="x-default"\/>/)
  })

  test('a remembered language wins over Accept-Language', async ({ request }) => {
    const english = await request.get('/', { headers: { 'Accept-Language': 'fa-AF', Cookie: 'lang=en' }, maxRedirects: 0 })
    expect(english.status()).toBe(200)
    const pashto = await request.get('/', { headers: { 'Accept-Language': 'en', Cookie: 'lang=ps' }, maxRedirects: 0 })
    expect(pashto.headers().location).toBe('/ps')
  })
})

test("a page carries its own site's texts, not the other site's, and a visit to the other site brings them", async ({ page, request }) => {
  for (const [prefix, locale] of [
    ['', 'en'],
    ['/fa', 'fa'],
    ['/ps', 'ps'],
  ] as const) {
    const { clinic, academy } = messagesFor(locale)
    const clinicPage = await (await request.get(`${prefix}/clinic`)).text()
    const academyPage = await (await request.get(`${prefix}/academy`)).text()
    const homePage = await (await request.get(prefix || '/')).text()
    expect(clinicPage).toContain(clinic.footer.about)
    expect(clinicPage, `${prefix}/clinic`).not.toContain(academy.footer.about)
    expect(academyPage).toContain(academy.footer.about)
    expect(academyPage, `${prefix}/academy`).not.toContain(clinic.footer.about)
    expect(homePage, `${prefix}/`).not.toContain(clinic.footer.about)
    expect(homePage, `${prefix}/`).not.toContain(academy.footer.about)
  }

  // In the browser: from the home page (neither site's texts) to the academy, then to the clinic.
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  const { academy, clinic, common } = messagesFor('fa')
  await page.goto('/fa')
  await page.locator('main a[href="/fa/academy"]').click()
  await expect(page).toHaveURL(/\/fa\/academy$/)
  await expect(page.getByRole('contentinfo').getByText(academy.footer.about)).toBeVisible()
  await page.getByRole('banner').locator('summary', { hasText: common.siteSwitch.academy }).click()
  await page.getByRole('banner').getByRole('link', { name: common.siteSwitch.clinic }).click()
  await expect(page).toHaveURL(/\/fa\/clinic$/)
  await expect(page.getByRole('contentinfo').getByText(clinic.footer.about)).toBeVisible()
  expect(errors).toEqual([])
})
