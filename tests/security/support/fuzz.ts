/**
 * What the fuzz tests share: the seed (printed, and repeated with FUZZ_SEED=<n>), the number of
 * generated cases (FUZZ_RUNS, at least 2,000 per public form), the texts people and attackers
 * type (every script, direction marks, combining marks, control characters, markup and
 * spreadsheet formulas) and the ways a body can be sent (both form encodings, JSON, plain text, no
 * type, broken multipart).
 */
import fc from 'fast-check'

function seedFromEnvironment(): number {
  const given = process.env.FUZZ_SEED
  if (given === undefined || given === '') return (Date.now() ^ (process.pid << 10)) | 0
  const seed = Number(given)
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, not ${given}`)
  return seed | 0
}

const FUZZ_SEED = seedFromEnvironment()

/** Generated cases per public form (the product promises at least 2,000 per run). */
export const PUBLIC_FORM_RUNS = Math.max(2000, Number(process.env.FUZZ_RUNS ?? 2000) || 2000)

/** Generated bodies per staff action (login, setup, staff, editor). */
export const STAFF_ACTION_RUNS = Math.max(200, Number(process.env.FUZZ_STAFF_RUNS ?? 200) || 200)

export function announceSeed(what: string): void {
  console.info(`[fuzz] ${what}: seed ${FUZZ_SEED} (repeat with FUZZ_SEED=${FUZZ_SEED})`)
}

/** fast-check's settings for one property: the run's seed, the count, no time-outs hidden. */
export function fuzzParameters(numRuns: number): fc.Parameters<unknown> {
  return { seed: FUZZ_SEED, numRuns, endOnFailure: true }
}

const codePoint = (from: number, to: number) => fc.integer({ min: from, max: to }).map((cp) => String.fromCodePoint(cp))

/** One character of the scripts people write in: letters, digits, marks, emoji, direction marks. */
const cleanCharacter = fc.oneof(
  { weight: 8, arbitrary: codePoint(0x20, 0x7e) }, // ASCII
  { weight: 2, arbitrary: codePoint(0xc0, 0x24f) }, // Latin with diacritics
  { weight: 6, arbitrary: codePoint(0x600, 0x6ff) }, // Arabic, Dari, Pashto letters and Eastern digits
  { weight: 1, arbitrary: codePoint(0xfb50, 0xfdcf) }, // Arabic presentation forms
  { weight: 3, arbitrary: codePoint(0x4e00, 0x9fff) }, // CJK
  { weight: 1, arbitrary: codePoint(0xac00, 0xd7a3) }, // Hangul
  { weight: 2, arbitrary: codePoint(0x1f300, 0x1faff) }, // emoji
  { weight: 1, arbitrary: fc.constantFrom('\u200d', '\ufe0f', '👩‍⚕️', '🇦🇫', '\u00a0', '\u3000', '\ufeff') }, // joiners, flags, spaces
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '\u200e',
      '\u200f',
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u061c',
    ),
  }, // direction marks
  { weight: 2, arbitrary: codePoint(0x300, 0x36f) }, // combining marks
)

/** What nobody types but attackers and broken clients send: controls (NUL too), lone surrogates, noncharacters. */
const oddCharacter = fc.oneof(
  codePoint(0x0, 0x1f),
  codePoint(0x7f, 0x9f),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
  fc.constantFrom('\ufffe', '\uffff', '\ufdd0', '\u{10ffff}', '\t', '\n', '\r\n', '\r'),
)

const character = fc.oneof({ weight: 12, arbitrary: cleanCharacter }, { weight: 1, arbitrary: oddCharacter })

/** Markup that would run if a value were not escaped where it is shown. */
const MARKUP = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '</textarea><script>alert(1)</script>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '{{constructor.constructor("alert(1)")()}}',
  '<style>*{display:none}</style>',
  '<!--',
  ']]><x>',
  '&lt;script&gt;',
  '<math><mtext></p><script>alert(1)</script>',
]

/** Values a spreadsheet would run as formulas. */
const FORMULAS = [
  '=1+2',
  '=HYPERLINK("https://evil.example","x")',
  '+93 70 123 4567',
  '-2+3',
  '@SUM(A1:A9)',
  '\t=1',
  '\r=1',
  "=cmd|' /C calc'!A0",
]

const cleanText = (maxLength: number) => fc.string({ unit: cleanCharacter, maxLength })
const anyText = (maxLength: number) => fc.string({ unit: character, maxLength })

/** Text of every script, mixed with markup and formulas, sometimes with characters nobody types. */
export function fuzzText(maxLength = 120): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: cleanText(maxLength) },
    { weight: 2, arbitrary: anyText(maxLength) },
    { weight: 2, arbitrary: fc.constantFrom(...MARKUP, ...FORMULAS) },
    {
      weight: 3,
      arbitrary: fc.tuple(cleanText(20), fc.constantFrom(...MARKUP, ...FORMULAS), anyText(10)).map(([a, b, c]) => `${a}${b}${c}`),
    },
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.constantFrom(' ', '\u00a0', '\u200f', '\u0301', '\u0000', 'a\u0000b') },
  )
}

/**
 * A huge value, past the field limits, past the raw value cut, sometimes past the 64 KB body
 * limit: kept as [character, count] so that a failing case prints short; `expand` makes the text.
 */
export const hugeText = fc.tuple(character, fc.integer({ min: 1_000, max: 80_000 }))
export const expand = ([c, n]: [string, number]) => c.repeat(n)

export type Encoding = 'urlencoded' | 'multipart' | 'json' | 'text' | 'untyped' | 'broken-multipart'

export const encoding: fc.Arbitrary<Encoding> = fc.oneof(
  { weight: 10, arbitrary: fc.constant('urlencoded' as const) },
  { weight: 8, arbitrary: fc.constant('multipart' as const) },
  { weight: 1, arbitrary: fc.constant('json' as const) },
  { weight: 1, arbitrary: fc.constant('text' as const) },
  { weight: 1, arbitrary: fc.constant('untyped' as const) },
  { weight: 1, arbitrary: fc.constant('broken-multipart' as const) },
)

export type Entries = Array<[string, string]>

export interface BuiltBody {
  body: Uint8Array<ArrayBuffer>
  contentType: string | null
  /** Whether a browser form encoding was used (only then can anything be stored). */
  isForm: boolean
}

/** The body bytes and Content-Type header a client would send for these fields. */
export async function buildBody(entries: Entries, how: Encoding): Promise<BuiltBody> {
  const bytes = (text: string) => new TextEncoder().encode(text)
  switch (how) {
    case 'urlencoded':
      return { body: bytes(new URLSearchParams(entries).toString()), contentType: 'application/x-www-form-urlencoded', isForm: true }
    case 'multipart': {
      const form = new FormData()
      for (const [name, value] of entries) form.append(name, value)
      const request = new Request('http://localhost/', { method: 'POST', body: form })
      return { body: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get('content-type'), isForm: true }
    }
    case 'json':
      return { body: bytes(JSON.stringify(Object.fromEntries(entries))), contentType: 'application/json', isForm: false }
    case 'text':
      return { body: bytes(entries.map(([k, v]) => `${k}=${v}`).join('\r\n')), contentType: 'text/plain;charset=UTF-8', isForm: false }
    case 'untyped':
      return { body: bytes(new URLSearchParams(entries).toString()), contentType: null, isForm: false }
    case 'broken-multipart':
      return {
        body: bytes(`--x\r\nContent-Disposition: form-data; name="name"\r\n\r\n${entries[0]?.[1] ?? ''}`),
        contentType: 'multipart/form-data; boundary=x',
        isForm: false,
      }
  }
}

/** What the server's form parser (the platform's, the one every action uses) reads from the body. */
export async function parsedByPlatform({ body, contentType }: BuiltBody): Promise<FormData | null> {
  try {
    return await new Request('http://localhost/', {
      method: 'POST',
      body,
      headers: contentType ? { 'Content-Type': contentType } : {},
    }).formData()
  } catch {
    return null
  }
}

/** A POST from the site itself, as a browser sends it. */
export function sameOriginPost(url: string, built: BuiltBody, headers: Record<string, string> = {}): Request {
  const all = new Headers({ Origin: new URL(url).origin, 'Sec-Fetch-Site': 'same-origin', ...headers })
  if (built.contentType) all.set('Content-Type', built.contentType)
  return new Request(url, { method: 'POST', body: built.body, headers: all })
}
