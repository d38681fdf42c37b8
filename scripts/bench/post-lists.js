// The posts' list pages rendered by the server with POSTS_IN_DATABASE posts in each stream (the page
// cache off, so every request renders): one request at a time on a kept-alive connection, after a
// warm-up, the time from request to the last byte; the median is the row's number.
// Alone: node scripts/bench/post-lists.js (builds into build-bench when needed).
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { PGLITE_EXTENSIONS } from '../../db/pglite-extensions.js'
import { ensureBuild } from '../faults/build.js'
import { cleanUp, cleanUpOnSignals, temporaryFolder } from '../faults/cleanup.js'
import { storageFolder } from '../faults/databases.js'
import { startHealthyServer } from '../faults/server-process.js'
import { freePort } from '../deploy/ports.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const POSTS_IN_DATABASE = 500
/** The pages measured: a first page in English, a later page in Dari, and News & Events with its upcoming events. */
export const POST_LIST_PAGES = ['/clinic/blog', '/fa/clinic/blog?page=20', '/academy/news']
const WARM_UP = 100
const REQUESTS = 200

/**
 * Writes the posts into a fresh embedded database: in both streams, in one, two or three
 * languages, every fifth news post an event, each with a body of some 4 KB (which a list never reads).
 */
export async function seedPosts(dataDir) {
  const client = new PGlite(path.join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS })
  await migrate(drizzle({ client }), { migrationsFolder: path.join(ROOT, 'db/migrations') })
  const body = 'Brush twice a day, floss once, and see us every six months. '.repeat(70)
  for (const stream of ['articles', 'news']) {
    await client.query(
      `insert into posts (stream, slug, status, publish_at, texts, languages, author_name, event_start, place)
       select $1, 'post-' || n, 'published', now() - n * interval '1 hour',
         jsonb_build_object(
           'en', jsonb_build_object('title', case when n % 3 <> 1 then 'Caring for your teeth, part ' || n else '' end, 'summary', 'What to do at home between visits.', 'body', $2::text),
           'fa', jsonb_build_object('title', case when n % 3 <> 0 then 'مراقبت از دندان‌ها، بخش ' || n else '' end, 'summary', 'آنچه در خانه باید کرد.', 'body', $2::text),
           'ps', jsonb_build_object('title', case when n % 4 = 0 then 'د غاښونو ساتنه، برخه ' || n else '' end, 'summary', 'په کور کې څه وکړو.', 'body', $2::text)),
         array_remove(array[case when n % 3 <> 1 then 'en' end, case when n % 3 <> 0 then 'fa' end, case when n % 4 = 0 then 'ps' end], null),
         'Clinic desk',
         case when $1 = 'news' and n % 5 = 0 then now() + (n - 250) * interval '1 day' end,
         case when $1 = 'news' and n % 5 = 0 then '{"en": "Main hall", "fa": "", "ps": ""}'::jsonb end
       from generate_series(1, $3::int) as n`,
      [stream, body, POSTS_IN_DATABASE],
    )
  }
  await client.close()
}

/** One GET on the agent; the milliseconds to its last byte. */
function timedGet(port, agent, page) {
  return new Promise((resolve, reject) => {
    const began = process.hrtime.bigint()
    http
      .get({ host: '127.0.0.1', port, path: page, agent }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${page} answered ${response.statusCode}`))
        response.resume()
        response.on('end', () => resolve(Number(process.hrtime.bigint() - began) / 1e6))
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]

/** The rows: per page, the median and 90th percentile of REQUESTS renders. */
export async function measurePostLists({ start, storageDir, log }) {
  const dataDir = temporaryFolder('bench-posts-').path
  await seedPosts(dataDir)
  const server = await start({ DATA_DIR: dataDir, STORAGE_DIR: storageDir, PAGE_CACHE_MAX_BYTES: '0' })
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const rows = []
  try {
    for (const page of POST_LIST_PAGES) {
      for (let i = 0; i < WARM_UP; i++) await timedGet(server.port, agent, page)
      const times = []
      for (let i = 0; i < REQUESTS; i++) times.push(await timedGet(server.port, agent, page))
      times.sort((a, b) => a - b)
      rows.push({ page, posts: POSTS_IN_DATABASE, requests: REQUESTS, p50: quantile(times, 0.5), p90: quantile(times, 0.9) })
      log(`${page} with ${POSTS_IN_DATABASE} posts a stream, rendered: median ${quantile(times, 0.5).toFixed(1)} ms`)
    }
  } finally {
    agent.destroy()
    await server.terminate()
  }
  return rows
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  cleanUpOnSignals('the benchmark')
  const buildDir = process.env.BUILD_DIR ?? 'build-bench'
  try {
    await ensureBuild(ROOT, buildDir)
    const port = await freePort()
    await measurePostLists({
      start: (env) => startHealthyServer({ root: ROOT, buildDir, port, env }),
      storageDir: storageFolder(),
      log: console.info,
    })
  } catch (error) {
    console.error(error instanceof Error ? error.stack : error)
    process.exitCode = 1
  } finally {
    await cleanUp()
  }
}
