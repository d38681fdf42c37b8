// Lighthouse (mobile) on the posts' pages beside /clinic, in one run on one server: a list of
// articles, an article and News & Events with its upcoming events, with POSTS_IN_DATABASE posts a
// stream (scripts/bench/post-lists.js seeds them). The medians of five runs each; a measurement,
// never a failure on a score. node scripts/bench/post-lighthouse.js [--runs 5]
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureBuild } from '../faults/build.js'
import { cleanUp, cleanUpOnSignals, temporaryFolder } from '../faults/cleanup.js'
import { storageFolder } from '../faults/databases.js'
import { startHealthyServer } from '../faults/server-process.js'
import { freePort } from '../deploy/ports.js'
import { LIGHTHOUSE_VERSION, lighthouseRuns } from './lighthouse.js'
import { seedPosts } from './post-lists.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const runsIndex = process.argv.indexOf('--runs')
const runs = runsIndex > 0 ? Math.max(1, Math.min(Number(process.argv[runsIndex + 1]) || 5, 9)) : 5

cleanUpOnSignals('the measurement')
try {
  const buildDir = process.env.BUILD_DIR ?? 'build-bench'
  await ensureBuild(ROOT, buildDir)
  const dataDir = temporaryFolder('lighthouse-posts-').path
  await seedPosts(dataDir)
  const port = await freePort()
  const server = await startHealthyServer({ root: ROOT, buildDir, port, env: { DATA_DIR: dataDir, STORAGE_DIR: storageFolder() } })
  const base = `http://127.0.0.1:${port}`
  try {
    const list = await (await fetch(`${base}/clinic/blog`)).text()
    const article = list.match(/href="(\/clinic\/blog\/\d+[^"]*)"/)?.[1]
    if (!article) throw new Error('The list of articles links no article.')
    const paths = ['/clinic', '/clinic/blog', article, '/academy/news']
    // Warm the page cache, as a visitor after the first would find it.
    for (const page of paths) await fetch(`${base}${page}`)
    const rows = await lighthouseRuns({ base, paths, runs, log: console.info })
    console.info(`Lighthouse ${LIGHTHOUSE_VERSION} (mobile, simulated throttling); median of ${runs} runs`)
    console.table(
      rows.map((row) => ({
        path: row.path,
        performance: `${row.performance} (${row.scores.join('/')})`,
        accessibility: row.accessibility,
        seo: row.seo,
        'FCP s': row.fcp.toFixed(2),
        'LCP s': row.lcp.toFixed(2),
        'TBT ms': `${row.tbt} (${row.tbts.join('/')})`,
        CLS: row.cls.toFixed(3),
        'transfer kB': row.transferKb,
        benchmarkIndex: Math.round(row.benchmarkIndex),
      })),
    )
  } finally {
    await server.terminate()
  }
} catch (error) {
  console.error(error instanceof Error ? error.stack : error)
  process.exitCode = 1
} finally {
  await cleanUp()
}
