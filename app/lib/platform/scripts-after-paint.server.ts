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
import { StringDecoder } from 'node:string_decoder'

const PRELOAD = /<link rel="modulepreload"[^>]*>/g
const HREF = /\shref="([^"]+)"/
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/g
const OPEN_MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>(?![\s\S]*<\/script>)/
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

/** The module script with its static route imports turned into imports made after the first paint. */
export function deferModuleScript(body: string, preloads: string[]): string {
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
  return `\n${AFTER_FIRST_PAINT}\n${addPreloads}\n${routeModules}\n${rest.replace(/^[\s;]+/, '')}`
}

/** Where the text must stop for now: at a tag or module script that the next chunk completes. */
function safeEnd(text: string): number {
  const openScript = OPEN_MODULE_SCRIPT.exec(text)
  if (openScript) return openScript.index
  const lastOpen = text.lastIndexOf('<')
  return lastOpen >= 0 && text.indexOf('>', lastOpen) < 0 ? lastOpen : text.length
}

export function scriptsAfterFirstPaint(): Transform {
  const decoder = new StringDecoder('utf8')
  const preloads: string[] = []
  let carry = ''
  const rewrite = (text: string) =>
    text
      .replace(PRELOAD, (tag) => {
        const href = HREF.exec(tag)?.[1]
        if (href) preloads.push(href)
        return ''
      })
      .replace(MODULE_SCRIPT, (_match, open: string, body: string, close: string) => open + deferModuleScript(body, preloads) + close)
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = carry + (typeof chunk === 'string' ? chunk : decoder.write(chunk))
      const end = safeEnd(text)
      carry = text.slice(end)
      const ready = rewrite(text.slice(0, end))
      done(null, ready ? Buffer.from(ready) : undefined)
    },
    flush(done) {
      const rest = rewrite(carry + decoder.end())
      done(null, rest ? Buffer.from(rest) : undefined)
    },
  })
}
