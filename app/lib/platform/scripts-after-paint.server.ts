/**
 * Makes the page's scripts wait for its first paint, as the HTML streams out
 * (docs/decisions/013-first-paint.md). React Router's <Scripts> preloads every module in <head>
 * and imports the route modules at once; on a slow link that puts ~115 kB of scripts on the wire
 * before the first screen is drawn, although the page reads and its forms work without them.
 *
 * The transform drops the module preloads from <head> and rewrites the one module script so that it
 * first waits until the browser has painted (or 1 s, or at once in a hidden tab), then adds the same
 * preloads, so the modules still download side by side, and imports the route modules and the
 * client entry as React Router would have. Nothing else in the page changes.
 */
import { Transform } from 'node:stream'

const PRELOAD = /<link rel="modulepreload"[^>]*>/g
const HREF = /\shref="([^"]+)"/
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/g
const ROUTE_IMPORT = /import \* as (\w+) from ("[^"]+");\s*/g

/**
 * Resolves after the first contentful paint has been presented, so that no script is even requested
 * before the first screen is drawn. Without paint timing, after the next frame; in a hidden tab, now.
 */
const AFTER_FIRST_PAINT = `await new Promise(function (go) {
  var started = false, start = function () { if (!started) { started = true; setTimeout(go, 0) } };
  if (document.visibilityState === 'hidden') return start();
  setTimeout(start, 1000);
  if ((PerformanceObserver.supportedEntryTypes || []).indexOf('paint') < 0) return requestAnimationFrame(start);
  new PerformanceObserver(function (list) {
    if (list.getEntriesByName('first-contentful-paint').length) start();
  }).observe({ type: 'paint', buffered: true });
});`

/** React Router's route entries, by id, as its manifest lists them (`EntryContext['manifest']['routes']`). */
export type KnownRoutes = Readonly<Record<string, unknown>>

const ROUTE_MODULES_ASSIGNMENT = 'window.__reactRouterRouteModules = '

/** The routes as script text, made once for a build's list (every public page carries it). */
const routesJsonOf = new WeakMap<KnownRoutes, string>()
function routesJson(routes: KnownRoutes): string {
  let json = routesJsonOf.get(routes)
  if (json === undefined) {
    json = JSON.stringify(routes).replace(/</g, '\\u003c')
    routesJsonOf.set(routes, json)
  }
  return json
}

/**
 * The page's list of routes (React Router's manifest, inline, of the routes the page matches),
 * completed with `routes`. React Router's lazy route discovery asks the server for the routes of
 * the links on a page once it has hydrated, and re-renders the whole page when they are new: that
 * re-render would hydrate the parts a first load leaves for their first use
 * (components/ui/hydrate-on-use.tsx, docs/decisions/025-hydration.md). Routes it already knows
 * change nothing.
 */
function withKnownRoutes(body: string, routes: KnownRoutes | undefined): string {
  if (!routes || !body.includes('window.__reactRouterManifest = ')) return body
  const json = routesJson(routes)
  return body.replace(
    ROUTE_MODULES_ASSIGNMENT,
    () => `Object.assign(window.__reactRouterManifest.routes, ${json});\n  ${ROUTE_MODULES_ASSIGNMENT}`,
  )
}

/** The module script with its static route imports turned into imports made after the first paint. */
function deferModuleScript(body: string, preloads: string[], prelude = '', routes?: KnownRoutes): string {
  const imports: Array<[name: string, specifier: string]> = []
  const rest = body.replace(ROUTE_IMPORT, (_match, name: string, specifier: string) => {
    imports.push([name, specifier])
    return ''
  })
  const addPreloads = preloads.length
    ? `${JSON.stringify(preloads)}.forEach(function (href) {
  var link = document.createElement('link'); link.rel = 'modulepreload'; link.href = href; document.head.appendChild(link);
});`
    : ''
  const names = imports.map(([name]) => name).join(', ')
  const loads = imports.map(([, specifier]) => `import(${specifier})`).join(', ')
  const routeModules = imports.length ? `const [${names}] = await Promise.all([${loads}]);` : ''
  return `\n${prelude}${AFTER_FIRST_PAINT}\n${addPreloads}\n${routeModules}\n${withKnownRoutes(rest.replace(/^[\s;]+/, ''), routes)}`
}

const PRELOAD_MARK = Buffer.from('<link rel="modulepreload"')
const MODULE_MARK = Buffer.from('type="module"')
const SCRIPT_OPEN = Buffer.from('<script')
const SCRIPT_CLOSE = Buffer.from('</script>')
const LT = 0x3c
const GT = 0x3e

/**
 * Where the bytes must stop for now: at a module script that the next chunk completes, or at a tag
 * that it does. The marks are ASCII, and so never part of a longer UTF-8 character.
 */
function safeEnd(bytes: Buffer): number {
  const moduleType = bytes.indexOf(MODULE_MARK)
  if (moduleType >= 0 && bytes.indexOf(SCRIPT_CLOSE, moduleType) < 0) return bytes.lastIndexOf(SCRIPT_OPEN, moduleType)
  const lastOpen = bytes.lastIndexOf(LT)
  return lastOpen >= 0 && bytes.indexOf(GT, lastOpen) < 0 ? lastOpen : bytes.length
}

/**
 * `prelude`: code run first in the module script, before it waits (the service worker's, lib/offline).
 * `routes`: routes the page's list of routes is completed with (`withKnownRoutes`).
 */
export function scriptsAfterFirstPaint(prelude = '', routes?: KnownRoutes): Transform {
  const preloads: string[] = []
  let carry: Buffer = Buffer.alloc(0)
  /** Once the module script is rewritten, the rest of the page passes through untouched. */
  let rewritten = false
  const rewrite = (text: string) =>
    text
      .replace(PRELOAD, (tag) => {
        const href = HREF.exec(tag)?.[1]
        if (href) preloads.push(href)
        return ''
      })
      .replace(MODULE_SCRIPT, (_match, open: string, body: string, close: string) => {
        rewritten = true
        return open + deferModuleScript(body, preloads, prelude, routes) + close
      })

  /**
   * The bytes that can go now. Only a stretch holding a preload or the module script is read as
   * text: from its first "<" to its last ">", whole characters on both ends.
   */
  function pass(bytes: Buffer, final: boolean): Buffer[] {
    let end = final ? bytes.length : safeEnd(bytes)
    const marked = (mark: Buffer) => {
      const at = bytes.indexOf(mark)
      return at >= 0 && at < end
    }
    if (!marked(PRELOAD_MARK) && !marked(MODULE_MARK)) {
      carry = bytes.subarray(end)
      return [bytes.subarray(0, end)]
    }
    const from = bytes.indexOf(LT)
    end = bytes.lastIndexOf(GT, end - 1) + 1
    carry = bytes.subarray(end)
    const parts = [bytes.subarray(0, from), Buffer.from(rewrite(bytes.toString('utf8', from, end)))]
    if (rewritten) {
      parts.push(carry)
      carry = Buffer.alloc(0)
    }
    return parts
  }

  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      if (rewritten) return done(null, chunk)
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
      for (const part of pass(carry.length ? Buffer.concat([carry, bytes]) : bytes, false)) if (part.length) this.push(part)
      // The carry is kept past this call: a copy, so the writer may reuse its chunk.
      carry = Buffer.from(carry)
      done()
    },
    flush(done) {
      for (const part of [...pass(carry, true), carry]) if (part.length) this.push(part)
      done()
    },
  })
}
