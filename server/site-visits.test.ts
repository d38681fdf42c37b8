// Site analytics through the server: 10,000 mixed requests to an HTTP server put together as
// server/serve.js puts the real one (the page cache's fast path, then Express with the page cache
// around the pages, then the counting hook), flushed, and the stored counts compared with what the
// requests should count, exactly, on each database; on PostgreSQL two counters (two server
// processes) add to the same day's rows. Then a full dump of the database and every log line are
// searched for the addresses, user agents and visitor hashes.
import { createHash } from 'node:crypto'
import { createServer, request as httpRequest, Agent, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { addCounts } from '~/lib/analytics/store.server'
import { pagePathOf } from '~/lib/platform/data-requests'
import { requestContext } from '~/lib/platform/request-context'
import type { Database, DatabaseHandle } from '~/lib/platform/db.server'
import { LOCALES, localizePath, splitLocalePath, type Locale } from '~/lib/i18n/locale'
import { isPublicPath, PUBLIC_PATHS } from '~/lib/seo/seo'
import { testDatabases } from '../tests/support/databases'
import { LONG_RUN_TIMEOUT } from '../tests/support/long-runs'
import { PageCache } from './page-cache'
import { expressHandler } from './request-handler'
import { startVisitCounting, type VisitCounting } from './site-visits'
import { dailySalt, VisitorSet } from './site-visitors.js'

const AGENTS = {
  phone: 'Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  tablet: 'Mozilla/5.0 (iPad; CPU OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
} as const
type Device = keyof typeof AGENTS
const BOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'
const HTML = { 'Content-Type': 'text/html; charset=utf-8' }

/** A page and its data, a 404, or a file, as the application would answer them. */
async function render(request: Request): Promise<Response> {
  const url = new URL(request.url)
  if (url.searchParams.has('fail')) return new Response('<p>Something went wrong</p>', { status: 500, headers: HTML })
  if (url.pathname.startsWith('/admin') || url.pathname.startsWith('/media/')) return new Response('<p>staff</p>', { headers: HTML })
  const { path } = splitLocalePath(pagePathOf(url.pathname))
  const page = path.replace(/(.)\/$/, '$1')
  if (!isPublicPath(page)) return new Response('<p>Not found</p>', { status: 404, headers: HTML })
  return new Response(`<!DOCTYPE html><html><body><p>${url.pathname}</p></body></html>`, { headers: HTML })
}

interface Running {
  server: Server
  port: number
  counting: VisitCounting
}

/** One server process: as server/serve.js and server/app.ts compose it. */
async function startServer(counting: VisitCounting): Promise<Running> {
  const cache = new PageCache({
    maxBytes: () => 20_000_000,
    isPublicPage: isPublicPath,
    version: async () => 'v1',
    knownVersion: () => 'v1',
    cacheControl: 'private, no-cache',
    today: () => '2026-12-01',
    defaultPolicy: (nonce) => `script-src 'self' 'nonce-${nonce}'`,
  })
  const app = express()
  app.get('/assets/:file', (_req, res) => void res.type('js').send('export {}'))
  app.use(
    expressHandler(cache.wrap(render), {
      getLoadContext: (req) => requestContext({ nonce: 'n0nce', clientAddress: req.ip ?? '' }),
      bodyLimit: () => 100_000,
      payloadTooLarge: (_req, res) => void res.status(413).end(),
    }),
  )
  const server = createServer((req, res) => {
    if (!cache.answerFromMemory(req, res, 'http')) app(req, res)
    counting.countVisit(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port, counting }
}

interface Planned {
  method: string
  path: string
  headers: Record<string, string>
}

/** A small, seeded random number generator (the same requests on every run). */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

/** The requests, and what they should count, worked out without the code under test. */
function plan(count: number, seed: number, visitorOffset: number) {
  const next = random(seed)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!
  const pages = PUBLIC_PATHS.filter((path) => path !== '/')
  const expected = new Map<string, number>()
  const add = (id: string) => expected.set(id, (expected.get(id) ?? 0) + 1)
  const visitors = new Set<string>()
  const requests: Array<Planned & { etagOf?: string }> = []
  for (let i = 0; i < count; i++) {
    const device = pick(['phone', 'phone', 'tablet', 'desktop'] as Device[])
    const visitor = `10.${visitorOffset}.${Math.floor(next() * 40)}.${Math.floor(next() * 200)}`
    const locale = pick(LOCALES) as Locale
    const path = localizePath(pick(pages), locale)
    const headers: Record<string, string> = { 'user-agent': AGENTS[device], 'x-forwarded-for': visitor, 'accept-encoding': 'gzip' }
    const view = (page: string, source?: string) => {
      add(`view|${splitLocalePath(page).path}|${locale}`)
      add(`device|${device}|`)
      if (source) add(`referrer|${source}|`)
      visitors.add(`${visitor}|${device}`)
    }
    const kind = next()
    if (kind < 0.3) {
      requests.push({ method: 'GET', path, headers })
      view(path)
    } else if (kind < 0.4) {
      const referrer = pick(['https://www.google.com/search', 'https://l.facebook.com/l.php', 'https://clinic.af/clinic'])
      requests.push({ method: 'GET', path, headers: { ...headers, referer: referrer } })
      view(path, referrer.includes('google') ? 'google.com' : referrer.includes('facebook') ? 'facebook.com' : undefined)
    } else if (kind < 0.45) {
      requests.push({ method: 'GET', path: `${path}?ref=whatsapp`, headers })
      view(path, 'whatsapp')
    } else if (kind < 0.6) {
      requests.push({ method: 'GET', path: `${path}.data`, headers })
      view(path)
    } else if (kind < 0.65) {
      requests.push({ method: 'GET', path, headers, etagOf: path })
      view(path)
    } else if (kind < 0.69) {
      const missing = localizePath(`/clinic/old-page-${Math.floor(next() * 4)}`, locale)
      requests.push({ method: 'GET', path: missing, headers })
      add(`not_found|${missing}|`)
    } else if (kind < 0.73) requests.push({ method: 'GET', path, headers: { ...headers, 'user-agent': BOT } })
    else if (kind < 0.77) requests.push({ method: 'GET', path: `${path}.data`, headers: { ...headers, 'sec-purpose': 'prefetch' } })
    else if (kind < 0.8) requests.push({ method: 'GET', path, headers: { ...headers, purpose: 'prefetch' } })
    else if (kind < 0.84) requests.push({ method: 'GET', path, headers: { ...headers, cookie: 'staff_session=s3cret' } })
    else if (kind < 0.87) requests.push({ method: 'HEAD', path, headers })
    else if (kind < 0.91) requests.push({ method: 'GET', path: `/assets/chunk-${Math.floor(next() * 9)}.js`, headers })
    else if (kind < 0.93) requests.push({ method: 'GET', path: '/media/clinic-hero-800.webp', headers })
    else if (kind < 0.96) requests.push({ method: 'GET', path: pick(['/admin/dashboard', '/admin/patients.data']), headers })
    else requests.push({ method: 'GET', path: `${path}?fail=1`, headers })
  }
  return { requests, expected, visitors }
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 })

function send(port: number, { method, path, headers }: Planned): Promise<{ status: number; etag: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag as string | undefined }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** Sends the requests, 16 at a time, flushing now and then as the timer would. */
async function drive(running: Running, requests: ReturnType<typeof plan>['requests'], flushEvery: number) {
  const etags = new Map<string, string>()
  let index = 0
  const statuses = new Map<number, number>()
  async function worker() {
    while (index < requests.length) {
      const planned = requests[index++]!
      let headers = planned.headers
      if (planned.etagOf) {
        // A browser that has the page: ask for it once to learn its ETag (a view too, counted below).
        let etag = etags.get(planned.etagOf)
        if (!etag) {
          etag = (await send(running.port, { method: 'GET', path: planned.etagOf, headers: { ...headers, 'user-agent': BOT } })).etag!
          etags.set(planned.etagOf, etag)
        }
        headers = { ...headers, 'if-none-match': etag }
      }
      const { status } = await send(running.port, { ...planned, headers })
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
      if (index % flushEvery === 0) await running.counting.flush()
    }
  }
  await Promise.all(Array.from({ length: 16 }, worker))
  return statuses
}

async function storedCounts(db: Database): Promise<Map<string, number>> {
  const rows = (await db.execute(sql`select metric, key, locale, count from site_visit_counts`)) as unknown as {
    rows: Array<{ metric: string; key: string; locale: string; count: string | number }>
  }
  return new Map(
    rows.rows.filter((row) => row.metric !== 'visitor').map((row) => [`${row.metric}|${row.key}|${row.locale}`, Number(row.count)]),
  )
}

async function storedVisitors(db: Database): Promise<number> {
  const rows = (await db.execute(
    sql`select coalesce(sum(count), 0)::int as n from site_visit_counts where metric = 'visitor'`,
  )) as unknown as { rows: Array<{ n: number }> }
  return Number(rows.rows[0]!.n)
}

/** Every row of every table, as text. */
async function fullDump(db: Database): Promise<string> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
  )) as unknown as {
    rows: Array<{ table_name: string }>
  }
  let dump = ''
  for (const { table_name } of tables.rows) {
    const rows = (await db.execute(sql`select * from ${sql.identifier(table_name)}`)) as unknown as { rows: unknown[] }
    dump += `${table_name}\n${JSON.stringify(rows.rows)}\n`
  }
  return dump
}

const opened: DatabaseHandle[] = []
const servers: Running[] = []
afterEach(async () => {
  for (const running of servers.splice(0)) {
    await running.counting.stop()
    await new Promise((resolve) => running.server.close(resolve))
  }
  agent.destroy()
  for (const handle of opened.splice(0)) await handle.close()
})

describe.each(testDatabases())('site analytics through the server ($name)', (database) => {
  it(
    'stores exactly the counts of 10,000 mixed requests, and no address, user agent or hash anywhere',
    async () => {
      const handle = await database.open()
      opened.push(handle)
      const logged: string[] = []
      for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
        vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')))
      }
      // On PostgreSQL, two server processes add to the same day; on the embedded database, one.
      const processes = database.name === 'postgres' ? 2 : 1
      const salt = dailySalt()
      const shared = new VisitorSet()
      const plans = Array.from({ length: processes }, (_, i) => plan(10_000 / processes, 7 + i, i))
      for (let i = 0; i < processes; i++) {
        const counting = startVisitCounting({
          store: (rows) => addCounts(handle.db, rows),
          trustProxyHops: 1,
          ownHosts: ['clinic.af'],
          salt,
          // The primary's set, as server/site-visitors.js keeps it for several processes.
          newVisitors: processes > 1 ? async (day, hashes) => shared.add(day, hashes) : undefined,
        })
        servers.push(await startServer(counting))
      }
      const statuses = await Promise.all(servers.map((running, i) => drive(running, plans[i]!.requests, 1_500)))
      await Promise.all(servers.map((running) => running.counting.flush()))

      // The mix did reach the server as planned: pages, 304s, 404s, errors.
      const all = statuses.reduce((sum, map) => {
        for (const [status, n] of map) sum.set(status, (sum.get(status) ?? 0) + n)
        return sum
      }, new Map<number, number>())
      expect([...all.values()].reduce((a, b) => a + b)).toBe(10_000)
      expect(all.get(304)).toBeGreaterThan(100)
      expect(all.get(404)).toBeGreaterThan(100)
      expect(all.get(500)).toBeGreaterThan(100)

      const expected = new Map<string, number>()
      const visitors = new Set<string>()
      for (const { expected: counts, visitors: seen } of plans) {
        for (const [id, n] of counts) expected.set(id, (expected.get(id) ?? 0) + n)
        for (const visitor of seen) visitors.add(visitor)
      }
      const stored = await storedCounts(handle.db)
      expect(Object.fromEntries([...stored].sort())).toEqual(Object.fromEntries([...expected].sort()))
      expect(await storedVisitors(handle.db)).toBe(visitors.size)

      // Nothing personal in the database or the logs: no address, user agent or visitor hash.
      const dump = await fullDump(handle.db)
      expect(dump).toContain('site_visit_counts')
      const { salt: secret } = salt()
      const secrets = new Set<string>(Object.values(AGENTS))
      for (const visitor of visitors) {
        const [address, device] = visitor.split('|') as [string, Device]
        secrets.add(address)
        secrets.add(
          createHash('sha256').update(secret).update(address).update('\n').update(AGENTS[device]).digest('base64url').slice(0, 22),
        )
      }
      secrets.add(secret.toString('base64url'))
      secrets.add(secret.toString('hex'))
      const haystacks = [dump, logged.join('\n')]
      const found = [...secrets].filter((needle) => haystacks.some((text) => text.includes(needle)))
      expect(found).toEqual([])
    },
    LONG_RUN_TIMEOUT,
  )
})
