import { request as httpRequest } from 'node:http'
import sharp from 'sharp'
import { ADMIN, ensureFirstAdmin, sessionCookie, signIn } from '../support/admin'
import { parseCsp } from '../support/html'
import { liveNotice } from '../support/page'
import { expect, test as privateTest } from '../support/private-server'
import { test } from '../support/test'

// Attacks a browser or a raw HTTP client makes against the production server: paths that try to
// leave the served folders, the security headers on every kind of answer, and uploads that are not
// what they claim to be.

/** A GET with the path sent exactly as written (no URL normalisation of '..' or '%2e'). */
function rawGet(
  baseURL: string,
  path: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(baseURL)
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port, path, method: 'GET', headers: { Connection: 'close' } }, (response) => {
      let body = ''
      response.setEncoding('latin1')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }))
    })
    request.on('error', reject)
    request.end()
  })
}

/** What files outside the served folders contain (package.json, the server, /etc/passwd, the build). */
const OUTSIDE = [/"kabul-dental-web"/, /root:x:0:0/, /createRequestHandler|precompressed\(/, /DATABASE_URL/, /PGlite|pglite/]

const TRAVERSALS = [
  '/assets/../package.json',
  '/assets/..%2fpackage.json',
  '/assets/%2e%2e/package.json',
  '/assets/%2e%2e%2fpackage.json',
  '/assets/..%5cpackage.json',
  '/assets/..\\package.json',
  '/assets/....//package.json',
  '/assets/%252e%252e%252fpackage.json',
  '/assets/..%c0%af..%c0%afpackage.json',
  '/assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '/assets/%00',
  '/assets/..%00/package.json',
  '/../../../../etc/passwd',
  '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '/..%2f..%2f..%2fetc%2fpasswd',
  '/%2fetc%2fpasswd',
  '//etc/passwd',
  '/favicon.svg%00.js',
  '/favicon.svg/..%2f..%2fpackage.json',
  '/media/..%2f..%2fpackage.json',
  '/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/media/..%5c..%5cpackage.json',
  '/media/0123456789abcdef0123-400.webp%00.png',
  '/media/0123456789abcdef0123-400.webp%2f..%2f..%2fpackage.json',
  '/media/%2e%2e%2f%2e%2e%2fpackage.json',
  '/media/..%2f',
  '/server.js',
  '/package.json',
  '/.env',
  '/build/server/index.js',
  '/server/index.js',
  '/data/',
  '/storage/',
]

test('paths that try to leave the served folders answer 400 or 404, and nothing from outside', async ({ baseURL }) => {
  for (const path of [...TRAVERSALS, '/media/%2e%2e/', '/%2e%2e/']) {
    const answer = await rawGet(baseURL!, path)
    for (const marker of OUTSIDE) expect(marker.test(answer.body), `${path} served ${marker}`).toBe(false)
    // Browsers resolve '%2e%2e' as '..' too: a path that resolves to the home page may be it (or a
    // redirect to it); everything else is refused or not found.
    const resolved = new URL(path, baseURL).pathname
    if (resolved === '/' && (answer.status === 200 || answer.status === 301)) {
      if (answer.status === 301) expect(new URL(String(answer.headers.location), baseURL).origin).toBe(new URL(baseURL!).origin)
      continue
    }
    expect.soft([400, 404], `${path}: ${answer.status}`).toContain(answer.status)
  }
})

/** The headers every answer carries, whatever it is. */
function expectSecurityHeaders(headers: Record<string, string | string[] | undefined>, label: string, html: boolean) {
  const csp = parseCsp(String(headers['content-security-policy'] ?? ''))
  expect(csp.get('frame-ancestors'), `${label}: frame-ancestors`).toEqual(["'none'"])
  expect(csp.get('object-src'), `${label}: object-src`).toEqual(["'none'"])
  expect(["'none'", "'self'"], `${label}: base-uri`).toContain(csp.get('base-uri')?.join(' '))
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? []
  expect(scripts, `${label}: no unsafe script sources`).not.toContain("'unsafe-inline'")
  expect(scripts).not.toContain("'unsafe-eval'")
  // A page rendered for this response has a nonce; one from the page cache has its inline scripts' hashes.
  if (html)
    expect(
      scripts.some((source) => /^'(nonce-[A-Za-z0-9+/=]{16,}|sha256-[A-Za-z0-9+/=]{44})'$/.test(source)),
      `${label}: a nonce or hashes`,
    ).toBe(true)
  expect(headers['x-content-type-options'], `${label}: nosniff`).toBe('nosniff')
  expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'], `${label}: referrer policy`).toContain(
    headers['referrer-policy'],
  )
  expect(headers['x-frame-options'], `${label}: X-Frame-Options`).toBe('DENY')
  expect(headers['cross-origin-opener-policy'], `${label}: COOP`).toBe('same-origin')
  expect(headers['permissions-policy'], `${label}: Permissions-Policy`).toBeTruthy()
  expect(headers['x-powered-by'], `${label}: X-Powered-By`).toBeUndefined()
}

test('the security headers are on a page, a data response, an asset, a 404 and an error answer', async ({ request, baseURL }) => {
  const page = await request.get('/clinic')
  expect(page.status()).toBe(200)
  expectSecurityHeaders(page.headers(), '/clinic', true)
  // The page's module script names the scripts it loads after the first paint.
  const assetPath = /"(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1]
  expect(assetPath, 'the page loads an asset').toBeTruthy()

  const answers: Array<
    [string, () => Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>, number[], boolean]
  > = [
    ['a data response', async () => request.get('/clinic.data').then((r) => ({ status: r.status(), headers: r.headers() })), [200], false],
    ['an asset', async () => request.get(assetPath!).then((r) => ({ status: r.status(), headers: r.headers() })), [200], false],
    ['a missing page', async () => request.get('/no-such-page').then((r) => ({ status: r.status(), headers: r.headers() })), [404], true],
    ['a missing asset', async () => rawGet(baseURL!, '/assets/no-such-file.js'), [404], false],
    ['a missing upload', async () => rawGet(baseURL!, '/media/0123456789abcdef0123-400.webp'), [404], false],
    [
      'a post that is not a form',
      async () =>
        request
          .post('/admin/login', {
            headers: { Origin: baseURL!, 'Content-Type': 'text/plain' },
            data: 'username=a&password=b',
            maxRedirects: 0,
          })
          .then((r) => ({ status: r.status(), headers: r.headers() })),
      [400, 415],
      false,
    ],
    [
      'a method the site does not answer',
      async () => request.fetch('/clinic', { method: 'TRACE' }).then((r) => ({ status: r.status(), headers: r.headers() })),
      [405, 501],
      false,
    ],
    [
      'a cross-site post',
      async () =>
        request
          .post('/clinic/appointment', { headers: { Origin: 'https://evil.example' }, form: { name: 'x' }, maxRedirects: 0 })
          .then((r) => ({ status: r.status(), headers: r.headers() })),
      [403],
      false,
    ],
  ]
  for (const [label, fetchIt, statuses, html] of answers) {
    const { status, headers } = await fetchIt()
    expect(statuses, `${label}: ${status}`).toContain(status)
    expectSecurityHeaders(headers, label, html)
  }
})

privateTest.describe('uploads', () => {
  privateTest(
    'a polyglot image keeps only its pixels; an oversized or disguised file is refused and nothing is stored',
    async ({ request, baseURL }) => {
      await ensureFirstAdmin(request, baseURL!)
      const cookie = await sessionCookie(request, baseURL!, ADMIN)
      const upload = (name: string, mimeType: string, buffer: Buffer) =>
        request.post('/admin/media', {
          headers: { Origin: baseURL!, Cookie: cookie },
          multipart: { intent: 'upload', 'alt.en': 'Test image', 'alt.fa': '', 'alt.ps': '', file: { name, mimeType, buffer } },
          maxRedirects: 0,
        })
      const mediaFiles = async () => [
        ...new Set(
          (await (await request.get('/admin/media', { headers: { Cookie: cookie } })).text()).match(/\/media\/[a-f0-9]{20}-\d+\.webp/g) ??
            [],
        ),
      ]
      expect(await mediaFiles()).toEqual([])

      // Refused: bigger than the limit, HTML named .png, SVG with a script, a truncated image.
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2563eb' } })
        .png()
        .toBuffer()
      const refused: Array<[string, string, Buffer, number[]]> = [
        ['huge.png', 'image/png', Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024, 0x41)]), [413]],
        ['page.png', 'image/png', Buffer.from('<!doctype html><script>alert(1)</script>'), [400, 415]],
        ['vector.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), [400, 415]],
        ['cut.png', 'image/png', png.subarray(0, 40), [400, 415]],
      ]
      for (const [name, type, bytes, statuses] of refused) {
        const answer = await upload(name, type, bytes)
        expect(statuses, `${name}: ${answer.status()}`).toContain(answer.status())
        expect(await mediaFiles(), `${name} stored nothing`).toEqual([])
      }

      // A real PNG with HTML and script after its end: accepted, served as WebP made from its pixels.
      const polyglot = Buffer.concat([png, Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')])
      const accepted = await upload('polyglot.png', 'image/png', polyglot)
      expect(accepted.status()).toBe(200)
      const files = await mediaFiles()
      expect(files.length).toBeGreaterThan(0)
      for (const file of files) {
        const served = await request.get(file)
        expect(served.status()).toBe(200)
        expect(served.headers()['content-type']).toBe('image/webp')
        expect(served.headers()['x-content-type-options']).toBe('nosniff')
        const body = await served.body()
        expect(body.subarray(0, 4).toString('latin1')).toBe('RIFF')
        expect(body.subarray(8, 12).toString('latin1')).toBe('WEBP')
        expect(body.includes(Buffer.from('<script'))).toBe(false)
        expect(body.includes(Buffer.from('<html'))).toBe(false)
      }
    },
  )
})

privateTest.describe('stored markup', () => {
  privateTest(
    'markup saved in the editor texts and in a staff name is shown as text on the public pages and in the admin',
    async ({ page, request, baseURL }) => {
      const payloads = {
        en: '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">',
        fa: '"><svg onload="window.__xss=3">سلام',
        ps: "'><iframe src=javascript:window.__xss=4></iframe>ښه",
      }
      await ensureFirstAdmin(request, baseURL!)
      await signIn(page, ADMIN)

      await page.goto('/admin/content')
      const field = (language: string) => page.getByLabel(`Hero Title ${language}`, { exact: true })
      await field('English').fill(payloads.en)
      await field('Dari').fill(payloads.fa)
      await field('Pashto').fill(payloads.ps)
      await page.getByRole('button', { name: 'Save Content' }).click()
      await expect(liveNotice(page, 'Content saved.')).toBeVisible()

      // A staff member whose name is markup.
      const cookie = await sessionCookie(request, baseURL!, ADMIN)
      const staffName = '<img src=x onerror="window.__xss=5">Mallory'
      const created = await request.post('/admin/staff', {
        headers: { Origin: baseURL!, Cookie: cookie },
        form: { intent: 'create', username: 'mallory', displayName: staffName, role: 'editor', password: 'granite falcon 88 meadow' },
        maxRedirects: 0,
      })
      expect(created.status()).toBe(200)

      for (const [path, text] of [
        ['/clinic', payloads.en],
        ['/fa/clinic', payloads.fa],
        ['/ps/clinic', payloads.ps],
        ['/admin/staff', staffName],
      ] as const) {
        await page.goto(path)
        if (path !== '/admin/staff') await expect(page.getByRole('heading', { level: 1 })).toHaveText(text)
        else await expect(page.getByText(staffName).first()).toBeVisible()
        // Nothing ran, and no element came from the text.
        expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), path).toBeUndefined()
        expect(
          await page
            .locator('img[src="x"], svg[onload], iframe[src^="javascript"], script:not([nonce]):not([type="application/ld+json"])')
            .count(),
          path,
        ).toBe(0)
      }
    },
  )
})
