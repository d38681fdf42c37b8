/**
 * The characters Dari and Pashto pages draw, which the Vazirmatn subset (app/fonts/*.woff2) must
 * hold so that a sentence is never drawn in two fonts. They come from the real texts, not a list
 * kept by hand: every string of the Dari and Pashto catalogues (the staff panel's admin and editor
 * texts too), the default site settings, the
 * project's own date and number formatting, what `Intl` writes for fa-AF and ps-AF, and the
 * alphabets (names and addresses that visitors and staff type). scripts/font-characters.js prints
 * them for scripts/subset-vazirmatn.py, and font-coverage.test.ts checks the files against them.
 *
 * Used by the test and the build script only; no page imports it.
 */
import { DEFAULT_SITE_SETTINGS } from '~/lib/site/site-settings'
import {
  DARI_GREGORIAN_MONTHS,
  DARI_SOLAR_MONTHS,
  DARI_WEEKDAYS,
  PASHTO_GREGORIAN_MONTHS,
  PASHTO_SOLAR_MONTHS,
  PASHTO_WEEKDAYS,
  formatDate,
  formatNumber,
  formatYear,
} from '~/lib/i18n/dates'
import { formatAfn } from '~/lib/i18n/format'
import { LOCALE_INFO } from '~/lib/i18n/locale'
import { fa } from '~/locales/fa'
import { ps } from '~/locales/ps'

/**
 * Whole blocks kept even where no text of ours uses them yet, for what people type: the letters,
 * marks and digits of Dari and Pashto (every Pashto letter: ټ ډ ړ ږ ښ ګ ڼ ۍ ې ځ څ) and Basic Latin.
 * Latin letters are in the subset on purpose: Vazirmatn draws Latin in the style of its Arabic
 * script, and without them 'name@example.com' or 'CAD/CAM' in a Dari sentence would take their
 * letters from one font and '@', '.' and '/' from another. Accented Latin letters (é, ü) are left
 * to the fallback fonts: rare in Afghan names, and 2 KB per weight.
 */
// prettier-ignore
export const WHOLE_RANGES: readonly (readonly [number, number])[] = [
  [0x0020, 0x007e], // Basic Latin: letters, Western digits, punctuation
  [0x060c, 0x060c], // ، Arabic comma
  [0x061b, 0x061b], // ؛ semicolon
  [0x061f, 0x061f], // ؟ question mark
  [0x0621, 0x063a], // hamza .. ghain
  [0x0640, 0x0655], // tatweel, fa .. yeh, harakat, hamza above/below
  [0x0660, 0x066d], // Arabic-Indic digits, ٪ ٫ ٬ ٭
  [0x0670, 0x0670], // superscript alef
  [0x067c, 0x067c], [0x067e, 0x067e], [0x0681, 0x0681], [0x0685, 0x0686], [0x0689, 0x0689], // ټ پ ځ څ چ ډ
  [0x0693, 0x0693], [0x0696, 0x0696], [0x0698, 0x0698], [0x069a, 0x069a], // ړ ږ ژ ښ
  [0x06a9, 0x06a9], [0x06ab, 0x06ab], [0x06af, 0x06af], [0x06bc, 0x06bc], // ک ګ گ ڼ
  [0x06c0, 0x06c0], [0x06cc, 0x06cd], [0x06d0, 0x06d0], [0x06d4, 0x06d4], // ۀ ی ۍ ې ۔
  [0x06f0, 0x06f9], // ۰-۹ Eastern Arabic-Indic (Persian) digits
]

/**
 * Every letter of the Dari and Pashto alphabets (Pashto's ټ ډ ړ ږ ښ ګ ڼ ې ۍ ئ ي ځ څ among them), so a
 * name or address typed into a staff form or the editor is drawn in Vazirmatn whatever letters it has.
 */
export const ALPHABETS = 'ءآأؤإئابةتثجحخدذرزسشصضطظعغفقكلمنهوئًٌٍَُِّْٰپچژکگیټډړږښګڼېۍځڅۀ'

/**
 * Punctuation and symbols of Dari and Pashto text beyond Basic Latin, and the invisible format
 * characters that numbers, dates and mixed-direction text carry (ZWNJ, ZWJ, LRM, RLM, ALM, the bidi
 * embeddings and isolates). Vazirmatn has no glyph for RLM, ALM and the bidi controls: the subsetter
 * gives them its empty, zero-width LRM glyph, so that they never send the browser to a fallback font.
 */
const PUNCTUATION = '\u00a0«»©·×÷°‐‑–—‘’“”•…−\u200b\u200c\u200d\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069'

/**
 * Characters of our texts that Vazirmatn does not have, drawn by the fallback fonts of --font-rtl
 * (styles/site.css): the Afghani sign (which `Intl` writes for a currency; our fees name the Afghani in
 * words), the emoji of the forms' success titles (drawn by the colour emoji font everywhere) and the
 * arrows of the staff panel's "from → to" (a symbol, not a letter: the system font draws it).
 */
export const NOT_IN_VAZIRMATN: ReadonlySet<string> = new Set(['؋', '✅', '←', '→'])

type Tree = { [key: string]: unknown }

/** Every string of a catalogue (plural forms included), with its dotted path. */
function* leaves(tree: unknown, prefix: string): Generator<[string, string]> {
  if (typeof tree === 'string') {
    yield [prefix, tree]
    return
  }
  if (tree === null || typeof tree !== 'object') return
  for (const [key, value] of Object.entries(tree as Tree)) yield* leaves(value, `${prefix}.${key}`)
}

/** The default settings a Dari or Pashto page shows: contact details and its own address. */
function settingsTexts(): [string, string][] {
  const { phone, whatsappNumber, clinicEmail, academyEmail, address } = DEFAULT_SITE_SETTINGS
  const texts = { phone, whatsappNumber, clinicEmail, academyEmail, 'address.fa': address.fa, 'address.ps': address.ps }
  return Object.entries(texts).map(([name, text]) => [`DEFAULT_SITE_SETTINGS.${name}`, text])
}

/** Sample dates: one in each Solar Hijri and Gregorian month, covering every weekday. */
function sampleDates(): Date[] {
  return Array.from({ length: 24 }, (_, i) => new Date(Date.UTC(2025, i, 10 + (i % 7), 9 + i, i * 2)))
}

/** The texts of Dari and Pashto pages that come from code, by where they come from. */
function formattedTexts(): [string, string][] {
  const texts: [string, string][] = []
  const add = (source: string, text: string) => texts.push([source, text])
  for (const locale of ['fa', 'ps'] as const) {
    for (const n of [0, 7, 25_000, 1_234_567, -1_234_567.89, 0.5]) {
      add(`formatNumber(${n}, '${locale}')`, formatNumber(n, locale))
      add(`formatAfn(${n}, '${locale}')`, formatAfn(n, locale))
    }
    for (const date of sampleDates()) {
      add(`formatDate(…, '${locale}')`, formatDate(date, locale, { withTime: true, withWeekday: true }))
      add(`formatYear(…, '${locale}')`, formatYear(date, locale, { withGregorian: true }))
    }
    const tag = LOCALE_INFO[locale].tag
    const numbers = [
      new Intl.NumberFormat(tag),
      new Intl.NumberFormat(tag, { style: 'percent' }),
      new Intl.NumberFormat(tag, { signDisplay: 'always', maximumFractionDigits: 2 }),
      new Intl.NumberFormat(tag, { notation: 'compact' }),
    ]
    for (const format of numbers) {
      for (const n of [-1_234_567.891, 0.5, 12, 25_000]) add(`Intl.NumberFormat('${tag}')`, format.format(n))
    }
    const dates = [
      new Intl.DateTimeFormat(tag, { dateStyle: 'full', timeStyle: 'short', timeZone: 'Asia/Kabul' }),
      new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'medium', hour12: true, timeZone: 'Asia/Kabul' }),
      new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeZone: 'Asia/Kabul' }),
      new Intl.DateTimeFormat(tag, { dateStyle: 'full', calendar: 'gregory', timeZone: 'Asia/Kabul' }),
    ]
    for (const format of dates) for (const date of sampleDates()) add(`Intl.DateTimeFormat('${tag}')`, format.format(date))
  }
  const tables = { DARI_SOLAR_MONTHS, PASHTO_SOLAR_MONTHS, DARI_GREGORIAN_MONTHS, PASHTO_GREGORIAN_MONTHS, DARI_WEEKDAYS, PASHTO_WEEKDAYS }
  for (const [name, names] of Object.entries(tables)) add(name, names.join(' '))
  for (const info of Object.values(LOCALE_INFO)) add('LOCALE_INFO.nativeName', info.nativeName)
  return texts
}

/**
 * Every character the texts of Dari and Pashto pages contain, each with the first place it comes
 * from ('fa.forms.appointment.successTitle', 'Intl.NumberFormat('fa-AF')', …). `{placeholders}`
 * are not text.
 */
export function textCharacters(): Map<string, string> {
  const sources: [string, string][] = [
    ...leaves(fa, 'fa'),
    ...leaves(ps, 'ps'),
    ...settingsTexts(),
    ...formattedTexts(),
    ['digits', '0123456789۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩'],
    ['ALPHABETS', ALPHABETS],
    ['PUNCTUATION', PUNCTUATION],
  ]
  const characters = new Map<string, string>()
  for (const [source, text] of sources) {
    for (const character of text.replace(/\{\w+\}/g, '')) {
      if (!characters.has(character)) characters.set(character, source)
    }
  }
  return characters
}

/**
 * The code points the subset holds: the whole ranges and every text character, less those Vazirmatn lacks.
 * @public scripts/font-characters.js loads this module through Vite and calls it.
 */
export function fontCodePoints(): number[] {
  const codePoints = new Set<number>()
  for (const [start, end] of WHOLE_RANGES) for (let c = start; c <= end; c++) codePoints.add(c)
  for (const character of textCharacters().keys()) {
    if (!NOT_IN_VAZIRMATN.has(character)) codePoints.add(character.codePointAt(0)!)
  }
  return [...codePoints].sort((a, b) => a - b)
}

/** A CSS unicode-range for sorted code points: [0x20, 0x41, 0x42, 0x43] → 'U+0020, U+0041-0043'. */
export function unicodeRange(codePoints: readonly number[]): string {
  const hex = (c: number) => c.toString(16).toUpperCase().padStart(4, '0')
  const parts: string[] = []
  for (let i = 0; i < codePoints.length; i++) {
    const start = codePoints[i]!
    while (i + 1 < codePoints.length && codePoints[i + 1] === codePoints[i]! + 1) i++
    parts.push(start === codePoints[i] ? `U+${hex(start)}` : `U+${hex(start)}-${hex(codePoints[i]!)}`)
  }
  return parts.join(', ')
}
