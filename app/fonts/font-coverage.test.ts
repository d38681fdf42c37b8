/**
 * The Vazirmatn subset holds every character Dari and Pashto pages draw (font-characters.ts), so no
 * sentence falls back to another font halfway, and vazirmatn.css announces exactly what each file
 * holds. When this fails after a text changed, run scripts/subset-vazirmatn.py.
 */
import { readFileSync } from 'node:fs'
import { brotliDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { ALPHABETS, NOT_IN_VAZIRMATN, WHOLE_RANGES, textCharacters, unicodeRange } from './font-characters'
import { fa } from '~/locales/fa'
import { ps } from '~/locales/ps'

const WEIGHTS = [400, 700] as const
const fontFile = (weight: number) => new URL(`./vazirmatn-dari-pashto-${weight}.woff2`, import.meta.url)

// The table tags a WOFF2 directory names by index (WOFF2 specification, 5.1).
// prettier-ignore
const KNOWN_TAGS = [
  'cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post', 'cvt ', 'fpgm', 'glyf', 'loca', 'prep', 'CFF ', 'VORG', 'EBDT',
  'EBLC', 'gasp', 'hdmx', 'kern', 'LTSH', 'PCLT', 'VDMX', 'vhea', 'vmtx', 'BASE', 'GDEF', 'GPOS', 'GSUB', 'EBSC', 'JSTF', 'MATH',
  'CBDT', 'CBLC', 'COLR', 'CPAL', 'SVG ', 'sbix', 'acnt', 'avar', 'bdat', 'bloc', 'bsln', 'cvar', 'fdsc', 'feat', 'fmtx', 'fvar',
  'gvar', 'hsty', 'just', 'lcar', 'mort', 'morx', 'opbd', 'prop', 'trak', 'Zapf', 'Silf', 'Glat', 'Gloc', 'Feat', 'Sill',
]

/** One table of a WOFF2 file, untransformed (cmap always is): the directory, then one Brotli stream. */
function woff2Table(file: Buffer, wanted: string): Buffer {
  if (file.toString('latin1', 0, 4) !== 'wOF2') throw new Error('not a WOFF2 file')
  const numTables = file.readUInt16BE(12)
  const compressedLength = file.readUInt32BE(20)
  let at = 48
  const base128 = () => {
    let value = 0
    for (let i = 0; i < 5; i++) {
      const byte = file[at++]!
      value = value * 128 + (byte & 0x7f)
      if (!(byte & 0x80)) return value
    }
    throw new Error('bad UIntBase128')
  }
  const tables: { tag: string; length: number }[] = []
  for (let i = 0; i < numTables; i++) {
    const flags = file[at++]!
    const tag = (flags & 0x3f) === 0x3f ? file.toString('latin1', at, (at += 4)) : KNOWN_TAGS[flags & 0x3f]!
    const original = base128()
    const version = flags >> 6
    // glyf and loca are transformed unless version 3; every other table unless version 0.
    const transformed = tag === 'glyf' || tag === 'loca' ? version !== 3 : version !== 0
    tables.push({ tag, length: transformed ? base128() : original })
  }
  const data = brotliDecompressSync(file.subarray(at, at + compressedLength))
  let offset = 0
  for (const table of tables) {
    if (table.tag === wanted) return data.subarray(offset, offset + table.length)
    offset += table.length
  }
  throw new Error(`no ${wanted} table`)
}

/** The code points a font's Unicode cmap subtable (format 12, or else 4) maps to a glyph. */
function cmapCodePoints(cmap: Buffer): Set<number> {
  const records = Array.from({ length: cmap.readUInt16BE(2) }, (_, i) => ({
    platform: cmap.readUInt16BE(4 + i * 8),
    encoding: cmap.readUInt16BE(6 + i * 8),
    offset: cmap.readUInt32BE(8 + i * 8),
  }))
  const record = records.find((r) => r.platform === 3 && r.encoding === 10) ?? records.find((r) => r.platform === 3 && r.encoding === 1)
  if (!record) throw new Error('no Unicode cmap')
  const table = cmap.subarray(record.offset)
  const codePoints = new Set<number>()
  if (table.readUInt16BE(0) === 12) {
    for (let i = 0; i < table.readUInt32BE(12); i++) {
      const group = 16 + i * 12
      const [start, end, glyph] = [table.readUInt32BE(group), table.readUInt32BE(group + 4), table.readUInt32BE(group + 8)]
      for (let c = start; c <= end; c++) if (glyph + c - start !== 0) codePoints.add(c)
    }
    return codePoints
  }
  if (table.readUInt16BE(0) !== 4) throw new Error(`cmap format ${table.readUInt16BE(0)}`)
  const segments = table.readUInt16BE(6) / 2
  const ends = 14
  const starts = ends + segments * 2 + 2
  const deltas = starts + segments * 2
  const rangeOffsets = deltas + segments * 2
  for (let s = 0; s < segments; s++) {
    const [end, start] = [table.readUInt16BE(ends + s * 2), table.readUInt16BE(starts + s * 2)]
    const [delta, rangeOffset] = [table.readUInt16BE(deltas + s * 2), table.readUInt16BE(rangeOffsets + s * 2)]
    for (let c = start; c <= end && c !== 0xffff; c++) {
      const index = rangeOffset === 0 ? c : table.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (c - start) * 2)
      if (index !== 0 && ((index + delta) & 0xffff) !== 0) codePoints.add(c)
    }
  }
  return codePoints
}

const fontCodePoints = (weight: number) => cmapCodePoints(woff2Table(readFileSync(fontFile(weight)), 'cmap'))
const describeCharacter = (character: string) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} ${character}`

describe('the characters the subset is cut from', () => {
  it("include the staff panel's Dari and Pashto texts and every Pashto letter", () => {
    const characters = textCharacters()
    const texts = (tree: unknown): string[] =>
      typeof tree === 'string' ? [tree] : Object.values((tree ?? {}) as Record<string, unknown>).flatMap(texts)
    const staffTexts = texts([fa.admin, fa.editor, ps.admin, ps.editor])
      .join('')
      .replace(/\{\w+\}/g, '')
    const missing = [...new Set(staffTexts)].filter((character) => !characters.has(character))
    expect(missing).toEqual([])
    for (const letter of 'ټډړږښګڼېۍئيځڅ') expect(characters.has(letter), letter).toBe(true)
  })
})

describe.each(WEIGHTS)('vazirmatn-dari-pashto-%i.woff2', (weight) => {
  const inFont = fontCodePoints(weight)

  it('holds every character of the Dari and Pashto texts, their numbers and dates', () => {
    const missing = [...textCharacters()]
      .filter(([character]) => !NOT_IN_VAZIRMATN.has(character) && !inFont.has(character.codePointAt(0)!))
      .map(([character, source]) => `${describeCharacter(character)} (${source})`)
    expect(missing, `missing characters: run scripts/subset-vazirmatn.py\n  ${missing.join('\n  ')}\n`).toEqual([])
  })

  it('holds the Dari and Pashto letters, digits and Basic Latin whole', () => {
    const missing: string[] = []
    for (const [start, end] of WHOLE_RANGES) {
      for (let c = start; c <= end; c++) if (!inFont.has(c)) missing.push(describeCharacter(String.fromCodePoint(c)))
    }
    expect(missing).toEqual([])
  })

  it('holds every letter of the Dari and Pashto alphabets (ۍ, ې, ټ, ډ, ړ, ږ, ښ, ګ, ڼ, ځ, څ …)', () => {
    expect([...ALPHABETS].filter((letter) => !inFont.has(letter.codePointAt(0)!)).map(describeCharacter)).toEqual([])
  })

  it('lacks the characters left to the fallback fonts (so that list stays true)', () => {
    expect([...NOT_IN_VAZIRMATN].filter((character) => inFont.has(character.codePointAt(0)!))).toEqual([])
  })

  it('is announced in vazirmatn.css with exactly the characters it holds', () => {
    const css = readFileSync(new URL('./vazirmatn.css', import.meta.url), 'utf8')
    const face = css.split('@font-face').find((block) => block.includes(`vazirmatn-dari-pashto-${weight}.woff2`))
    const declared = /unicode-range:([^;]+);/
      .exec(face ?? '')?.[1]
      ?.replace(/\s+/g, ' ')
      .trim()
    expect(declared).toBe(unicodeRange([...inFont].sort((a, b) => a - b)))
  })
})
