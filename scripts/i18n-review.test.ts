import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { leaves } from '../tests/support/catalogues'
import { en } from '~/locales/en'
import { fa } from '~/locales/fa'
import { ps } from '~/locales/ps'
import { writeReview } from './i18n-review.js'

const outDir = mkdtempSync(path.join(tmpdir(), 'i18n-review-'))
afterAll(() => rmSync(outDir, { recursive: true, force: true }))

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
/** The text as the page writes it (the isolates get visible marks after them). */
const written = (text: string) => escape(text).replace(/[\u2066\u2069]/g, '')

describe('npm run i18n:review', () => {
  it('writes one page with every message in the three languages, grouped by screen, the glossary on top', { timeout: 60_000 }, async () => {
    const file: string = await writeReview(outDir)
    const html = readFileSync(file, 'utf8').replace(/<span class="mark"[^>]*>[^<]*<\/span>/g, '')
    const english = leaves(en)
    expect(english.size).toBeGreaterThan(1000)
    const missing: string[] = []
    for (const [key, text] of english) {
      const row = html.slice(html.indexOf(`<tr id="${escape(key)}">`), html.indexOf('</tr>', html.indexOf(`<tr id="${escape(key)}">`)))
      if (!row) missing.push(`${key}: no row`)
      else if (![text, leaves(fa).get(key), leaves(ps).get(key)].every((t) => t !== undefined && row.includes(written(t))))
        missing.push(`${key}: a language missing`)
    }
    expect(missing).toEqual([])
    expect(html.indexOf('Glossary: one term per concept')).toBeLessThan(html.indexOf('<section id="admin.shell">'))
    expect(html).toContain('<h2>admin.deskLists <small>')
  })
})
