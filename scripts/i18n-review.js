#!/usr/bin/env node
/**
 * The page for reviewers: every message of the site and the staff panel side by side in English,
 * Dari and Pashto, grouped by screen, with the glossary (app/locales/GLOSSARY.md) on top, in one
 * HTML file a native speaker can mark up without reading code. Not part of the site.
 *
 *   npm run i18n:review               → i18n-review/index.html
 *   node scripts/i18n-review.js DIR   → DIR/index.html
 *
 * The catalogues are TypeScript: Vite (already the build's) loads them, without a server.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** @type {Record<string, string>} */
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escape = (/** @type {unknown} */ text) => String(text).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)

/**
 * Every string of a catalogue by its dotted path (a count message's `one` and `other` separately).
 * @param {object | undefined} tree
 * @param {string} [prefix]
 * @param {Map<string, string>} [result]
 * @returns {Map<string, string>}
 */
export function leaves(tree, prefix = '', result = new Map()) {
  for (const [key, value] of Object.entries(tree ?? {})) {
    const at = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') result.set(at, value)
    else if (value && typeof value === 'object') leaves(value, at, result)
  }
  return result
}

/** Inline Markdown of the glossary: `code` and «» stay as they are, **bold** is bold. */
const inline = (/** @type {string} */ text) =>
  escape(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')

/**
 * The glossary's Markdown as HTML: headings, paragraphs, lists and tables (all it uses).
 * @param {string} markdown
 */
export function markdownToHtml(markdown) {
  /** @type {string[]} */
  const html = []
  const lines = markdown.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    if (line.startsWith('|')) {
      /** @type {string[][]} */
      const rows = []
      while (i < lines.length && lines[i].startsWith('|'))
        rows.push(
          lines[i++]
            .slice(1, -1)
            .split('|')
            .map((cell) => cell.trim()),
        )
      i--
      const [head = [], , ...body] = rows
      html.push(
        `<table><thead><tr>${head.map((c) => `<th>${inline(c)}</th>`).join('')}</tr></thead><tbody>`,
        ...body.map((row) => `<tr>${row.map((c) => `<td dir="auto">${inline(c)}</td>`).join('')}</tr>`),
        '</tbody></table>',
      )
    } else if (/^#{1,3} /.test(line)) {
      const level = Math.min(line.indexOf(' ') + 1, 4)
      html.push(`<h${level}>${inline(line.slice(line.indexOf(' ') + 1))}</h${level}>`)
    } else if (line.startsWith('- ')) {
      /** @type {string[]} */
      const items = []
      while (i < lines.length && (lines[i].startsWith('- ') || lines[i].startsWith('  '))) {
        if (lines[i].startsWith('- ')) items.push(lines[i].slice(2))
        else items[items.length - 1] += ` ${lines[i].trim()}`
        i++
      }
      i--
      html.push(`<ul>${items.map((item) => `<li dir="auto">${inline(item)}</li>`).join('')}</ul>`)
    } else if (line.trim()) {
      const paragraph = [line]
      while (i + 1 < lines.length && lines[i + 1].trim() && !/^(#|\||- )/.test(lines[i + 1])) paragraph.push(lines[++i])
      html.push(`<p>${inline(paragraph.join(' '))}</p>`)
    }
  }
  return html.join('\n')
}

/** Where a message is shown, from its key: the first two parts ('admin.deskLists', 'forms.appointment'). */
const screenOf = (/** @type {string} */ key) => key.split('.').slice(0, 2).join('.')

/** Invisible characters a reviewer should know are there, shown as small marks. */
const visible = (/** @type {string} */ text) =>
  escape(text)
    .replace(/\u2066/g, '<span class="mark" title="left-to-right isolate (U+2066)">⁦⟨</span>')
    .replace(/\u2069/g, '<span class="mark" title="end of isolate (U+2069)">⟩⁩</span>')

/**
 * The whole page, from the three catalogues and the glossary's Markdown.
 * @param {{ en: object, fa: object, ps: object }} catalogues
 * @param {string} glossary
 */
export function reviewPage({ en, fa, ps }, glossary) {
  const english = leaves(en)
  const dari = leaves(fa)
  const pashto = leaves(ps)
  /** @type {Map<string, string[]>} */
  const screens = new Map()
  for (const key of english.keys()) {
    const screen = screenOf(key)
    if (!screens.has(screen)) screens.set(screen, [])
    screens.get(screen)?.push(key)
  }
  const cell = (/** @type {string | undefined} */ text, /** @type {string} */ lang) =>
    text === undefined
      ? `<td class="missing" lang="${lang}">—</td>`
      : `<td lang="${lang}" dir="${lang === 'en' ? 'ltr' : 'rtl'}">${visible(text)}</td>`
  const sections = [...screens].map(
    ([screen, keys]) => `<section id="${escape(screen)}">
<h2>${escape(screen)} <small>(${keys.length})</small></h2>
<table class="messages"><thead><tr><th>Key</th><th>English</th><th>دری</th><th>پښتو</th><th>Notes</th></tr></thead><tbody>
${keys
  .map(
    (key) =>
      `<tr id="${escape(key)}"><td class="key"><code>${escape(key)}</code></td>${cell(english.get(key), 'en')}${cell(dari.get(key), 'fa-AF')}${cell(pashto.get(key), 'ps-AF')}<td class="notes"></td></tr>`,
  )
  .join('\n')}
</tbody></table>
</section>`,
  )
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Messages for review: English, Dari, Pashto</title>
<style>
body { font-family: system-ui, 'Vazirmatn', 'Noto Naskh Arabic', sans-serif; margin: 2rem; line-height: 1.5; color: #111; }
table { border-collapse: collapse; width: 100%; margin-block: 1rem; }
th, td { border: 1px solid #bbb; padding: .35rem .5rem; vertical-align: top; text-align: start; }
th { background: #f1f5f9; position: sticky; top: 0; }
td[lang="fa-AF"], td[lang="ps-AF"] { font-size: 1.1rem; }
td.key { font-size: .75rem; color: #475569; width: 14rem; word-break: break-all; }
td.notes { width: 12rem; }
td.missing { background: #fee2e2; }
.mark { color: #b45309; font-size: .7em; }
nav ul { columns: 3; }
@media print { th { position: static; } section { break-before: page; } }
</style>
</head>
<body>
<header>
<h1>Messages for review</h1>
<p>${english.size} messages in English, Dari and Pashto, grouped by screen. The glossary comes first: every message follows it.
Marks <span class="mark">⁦⟨ ⟩⁩</span> show where left-to-right text (a phone number, an address) is kept in order inside a Dari or Pashto sentence.
Words in {braces} are filled in by the site (a name, a date, a number).</p>
</header>
<section id="glossary">
${markdownToHtml(glossary)}
</section>
<nav aria-label="Screens"><h2>Screens</h2><ul>${[...screens.keys()].map((s) => `<li><a href="#${escape(s)}">${escape(s)}</a></li>`).join('')}</ul></nav>
${sections.join('\n')}
</body>
</html>
`
}

/** Loads the catalogues through Vite and writes the page into `outDir`; returns the file's path. */
export async function writeReview(outDir = path.join(root, 'i18n-review')) {
  const { createServer } = await import('vite')
  const vite = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    resolve: {
      alias: [
        { find: /^~db\//, replacement: `${path.join(root, 'db')}/` },
        { find: /^~\//, replacement: `${path.join(root, 'app')}/` },
      ],
    },
  })
  try {
    const [{ en }, { fa }, { ps }] = /** @type {Record<string, any>[]} */ (
      await Promise.all(['en', 'fa', 'ps'].map((lang) => vite.ssrLoadModule(`/app/locales/${lang}/index.ts`)))
    )
    const glossary = readFileSync(path.join(root, 'app/locales/GLOSSARY.md'), 'utf8')
    mkdirSync(outDir, { recursive: true })
    const file = path.join(outDir, 'index.html')
    writeFileSync(file, reviewPage({ en, fa, ps }, glossary))
    return file
  } finally {
    await vite.close()
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = await writeReview(process.argv[2] ? path.resolve(process.argv[2]) : undefined)
  console.log(`Wrote ${path.relative(process.cwd(), file)}`)
}
