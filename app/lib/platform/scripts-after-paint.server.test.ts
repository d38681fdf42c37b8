import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { scriptsAfterFirstPaint, type KnownRoutes } from './scripts-after-paint.server'

// The shape React Router's <Scripts> gives a page: module preloads hoisted into <head>, one module
// script at the end of <body> importing the route modules, then the client entry.
const MODULE_SCRIPT =
  ';\nimport * as route0 from "/assets/root-a.js";\nimport * as route1 from "/assets/home-b.js";\n' +
  '  window.__reactRouterManifest = {"version":"1"};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client-c.js");'
const PAGE =
  '<!DOCTYPE html><html><head><style>p{}</style><link rel="modulepreload" href="/assets/entry.client-c.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root-a.js" nonce="n"/><title>کلینیک دندان</title></head>' +
  '<body><p>« متن » a < b</p><script nonce="n">window.__reactRouterContext = {};</script>' +
  `<script nonce="n" type="module" async="">${MODULE_SCRIPT}</script><script nonce="n">$RC("B:0","S:0")</script></body></html>`

async function transform(chunks: Array<string | Buffer>, routes?: KnownRoutes): Promise<string> {
  return text(Readable.from(chunks).pipe(scriptsAfterFirstPaint('', routes)))
}

function moduleScriptOf(page: string): string {
  return /<script nonce="n" type="module" async="">([\s\S]*?)<\/script>/.exec(page)![1]!
}

describe('scriptsAfterFirstPaint', () => {
  it('drops the module preloads and leaves the rest of the page as it was', async () => {
    const result = await transform([PAGE])
    expect(result).not.toContain('modulepreload"')
    expect(result.replace(moduleScriptOf(result), MODULE_SCRIPT)).toBe(PAGE.replace(/<link rel="modulepreload"[^>]*>/g, ''))
  })

  it('waits for the first paint, then preloads the same modules and imports the routes and the entry', async () => {
    const script = moduleScriptOf(await transform([PAGE]))
    expect(script).not.toMatch(/^\s*import\s/m)
    const wait = script.indexOf("observe({ type: 'paint', buffered: true })")
    const preload = script.indexOf('["/assets/entry.client-c.js","/assets/root-a.js"].forEach')
    const routes = script.indexOf('const [route0, route1] = await Promise.all([import("/assets/root-a.js"), import("/assets/home-b.js")]);')
    const entry = script.indexOf('import("/assets/entry.client-c.js");')
    expect(wait).toBeGreaterThan(0)
    expect(preload).toBeGreaterThan(wait)
    expect(routes).toBeGreaterThan(preload)
    expect(script.indexOf('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};')).toBeGreaterThan(routes)
    expect(entry).toBeGreaterThan(routes)
  })

  it('gives the same page however the stream is cut, characters cut mid-byte included', async () => {
    const expected = await transform([PAGE])
    const bytes = Buffer.from(PAGE)
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await transform([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected)
    }
  })

  it('gives the same page in chunks of any small size', async () => {
    const expected = await transform([PAGE])
    const bytes = Buffer.from(PAGE)
    for (let size = 1; size <= 16; size++) {
      const chunks = []
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size))
      expect(await transform(chunks)).toBe(expected)
    }
  })

  it("completes the page's list of routes before the client entry reads it, and escapes what it adds", async () => {
    const routes = { 'routes/about': { id: 'routes/about', path: 'about', module: '/assets/about-d.js' }, odd: { path: '</script>' } }
    const script = moduleScriptOf(await transform([PAGE], routes))
    const manifest = script.indexOf('window.__reactRouterManifest = {"version":"1"};')
    const added = script.indexOf('Object.assign(window.__reactRouterManifest.routes, {"routes/about":{')
    expect(manifest).toBeGreaterThan(0)
    expect(added).toBeGreaterThan(manifest)
    expect(script.indexOf('import("/assets/entry.client-c.js");')).toBeGreaterThan(added)
    expect(script).not.toContain('</script>')
    const assigned = /Object\.assign\(window\.__reactRouterManifest\.routes, (.*)\);/.exec(script)![1]!
    expect(JSON.parse(assigned)).toEqual(routes)
  })

  it('passes a page without scripts through unchanged, a lone "<" at the end included', async () => {
    expect(await transform(['<p>a < b', ' <'])).toBe('<p>a < b <')
  })
})
