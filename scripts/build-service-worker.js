// Builds the service worker (service-worker/sw.ts) into build/client/sw.js, after the app's own
// build: it reads React Router's manifest to list, for the precache, the scripts of the public
// pages of this build (never the staff screens'). See docs/decisions/022-offline.md.
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

const buildDir = process.env.BUILD_DIR ?? 'build'
const client = path.join(buildDir, 'client')

/** React Router's manifest of this build: `window.__reactRouterManifest={…};`. */
async function routerManifest() {
  const name = (await readdir(path.join(client, 'assets'))).find((file) => /^manifest-[\w-]+\.js$/.test(file))
  if (!name) throw new Error(`No React Router manifest in ${client}/assets: run react-router build first.`)
  const text = await readFile(path.join(client, 'assets', name), 'utf8')
  return JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, ''))
}

/**
 * The modules React Router splits off a route's own (`future.v8_splitRouteModules`): the form pages'
 * clientAction, which a form sent offline runs.
 */
const SPLIT_ROUTE_MODULES = ['clientActionModule', 'clientLoaderModule', 'clientMiddlewareModule', 'hydrateFallbackModule']

/**
 * What this script reads of React Router's manifest.
 * @typedef {{ module: string, imports: string[] }} ManifestEntry
 * @typedef {ManifestEntry & { id: string, hasDefaultExport: boolean, css: string[], [splitModule: string]: unknown }} ManifestRoute
 * @typedef {{ entry: ManifestEntry, routes: Record<string, ManifestRoute> }} Manifest
 */

/**
 * The client entry and every public route's modules with what they import (not /admin, not server-only routes).
 * @param {Manifest} manifest
 */
function publicScripts(manifest) {
  const urls = new Set([manifest.entry.module, ...manifest.entry.imports])
  for (const route of Object.values(manifest.routes)) {
    if (route.id.startsWith('routes/admin/') || !route.hasDefaultExport) continue
    const split = /** @type {string[]} */ (SPLIT_ROUTE_MODULES.map((name) => route[name]).filter(Boolean))
    for (const url of [route.module, ...split, ...route.imports, ...route.css]) urls.add(url)
  }
  return [...urls].sort()
}

/** `import("./x.js")` (loaded on demand) and `from "./x.js"` / `import "./x.js"` (with the module). */
const IMPORTED = /(?:\bimport\(\s*|\bfrom\s*|\bimport\s*)["'`](\.\/[\w.-]+\.js)["'`]/g

/**
 * Everything the public scripts import: what they load on demand (the forms' checks, the chat
 * helper, the code that keeps a request on the device), and what a split-off module imports
 * (the manifest lists the route module's imports only): precached too, so that a form filled in
 * offline can be checked, sent and kept.
 */
/** @param {string[]} urls */
async function withImports(urls) {
  const all = new Set(urls)
  const queue = [...urls]
  while (queue.length > 0) {
    const url = /** @type {string} */ (queue.shift())
    if (!url.endsWith('.js')) continue
    const text = await readFile(path.join(client, url), 'utf8')
    for (const [, relative] of text.matchAll(IMPORTED)) {
      const found = path.posix.join(path.posix.dirname(url), relative)
      if (!all.has(found)) {
        all.add(found)
        queue.push(found)
      }
    }
  }
  return [...all].sort()
}

const scripts = await withImports(publicScripts(await routerManifest()))
await build({
  configFile: false,
  logLevel: 'warn',
  resolve: { alias: { '~': path.resolve('app') } },
  define: {
    PRECACHE_ENTRIES: JSON.stringify(scripts.map((url) => ({ url, revision: null }))),
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  build: {
    outDir: client,
    emptyOutDir: false,
    copyPublicDir: false,
    minify: true,
    rolldownOptions: {
      input: path.resolve('service-worker/sw.ts'),
      output: { format: 'iife', entryFileNames: 'sw.js' },
    },
  },
})

let precached = 0
let precachedGzip = 0
for (const url of scripts) {
  const file = path.join(client, url)
  precached += (await stat(file)).size
  precachedGzip += gzipSync(await readFile(file)).length
}
const worker = await readFile(path.join(client, 'sw.js'))
const kB = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} kB`
console.info(
  `Service worker: ${kB(worker.length)} (${kB(gzipSync(worker).length)} gzip); precaches ${scripts.length} files, ${kB(precached)} (${kB(precachedGzip)} gzip)`,
)
