import { describe, expect, it } from 'vitest'
import { hasForbiddenCharacters, removeForbiddenCharacters } from './characters'
import { readForm } from './read-form.server'

const URL_ = 'http://localhost:3000/admin/login'

function post(body: BodyInit | null, contentType?: string, headers: Record<string, string> = {}): Request {
  return new Request(URL_, {
    method: 'POST',
    body,
    headers: { ...(contentType ? { 'content-type': contentType } : {}), ...headers },
    duplex: 'half',
  } as RequestInit & { duplex: 'half' })
}

/** A body sent in chunks without a declared length. */
function chunked(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
}

describe('the characters no form accepts', () => {
  it('finds control characters, lone surrogates and noncharacters, and keeps tab and line breaks', () => {
    for (const bad of [
      'a\0b',
      '\u0001',
      '\u001b[31m',
      '\u007f',
      '\u0085',
      '\u009f',
      '\ud800x',
      'x\udc00',
      '\ufffe',
      '\uffff',
      '\ufdd0',
      '\u{10ffff}',
    ]) {
      expect(hasForbiddenCharacters(bad), JSON.stringify(bad)).toBe(true)
    }
    for (const good of ['Ahmad Karimi', 'احمد کریمی', 'line one\r\nline two\ttab', '😀 \u200c \ufeff', '']) {
      expect(hasForbiddenCharacters(good), JSON.stringify(good)).toBe(false)
    }
  })

  it('removes them and nothing else', () => {
    expect(removeForbiddenCharacters('Ah\0mad\u0085 \ud800Kar\u007fimi\n😀')).toBe('Ahmad Karimi\n😀')
  })
})

describe('reading a form', () => {
  it('reads a urlencoded form and removes forbidden characters from text values', async () => {
    const read = await readForm(post('username=bo%00ss&password=pa%00ss', 'application/x-www-form-urlencoded'), { keep: ['password'] })
    expect(read.ok).toBe(true)
    if (!read.ok) return
    expect(read.form.get('username')).toBe('boss')
    expect(read.form.get('password')).toBe('pa\0ss')
  })

  it('reads a form whole only when its end field came last; without it the form was cut short (400)', async () => {
    const type = 'application/x-www-form-urlencoded'
    const whole = await readForm(post('item.0=a&item.1=b&formEnd=1', type), { whole: true })
    expect(whole.ok && whole.form.getAll('formEnd')).toEqual(['1'])
    expect(await readForm(post('item.0=a', type), { whole: true })).toEqual({ ok: false, problem: 'cutShort', status: 400 })
    expect(await readForm(post('item.0=a&formEnd=0', type), { whole: true })).toMatchObject({ ok: false, problem: 'cutShort' })
    expect((await readForm(post('item.0=a', type))).ok).toBe(true)
  })

  it("keeps every value as sent with keep: 'all'", async () => {
    const read = await readForm(post('name=a%00b', 'application/x-www-form-urlencoded; charset=UTF-8'), { keep: 'all' })
    expect(read.ok && read.form.get('name')).toBe('a\0b')
  })

  it('reads multipart forms and keeps the files', async () => {
    const body = new FormData()
    body.set('alt.en', 'A\u0007 logo')
    body.set('file', new File([new Uint8Array([1, 2, 3])], 'logo.png', { type: 'image/png' }))
    const read = await readForm(new Request(URL_, { method: 'POST', body }))
    expect(read.ok).toBe(true)
    if (!read.ok) return
    expect(read.form.get('alt.en')).toBe('A logo')
    const file = read.form.get('file')
    expect(file).toBeInstanceOf(File)
    expect((file as File).name).toBe('logo.png')
    expect((file as File).size).toBe(3)
  })

  it('reads a field sent twice as its first value', async () => {
    const read = await readForm(post('username=first&username=second', 'application/x-www-form-urlencoded'))
    expect(read.ok && read.form.get('username')).toBe('first')
    expect(read.ok && read.form.getAll('username')).toEqual(['first', 'second'])
  })

  it('answers 415 for text/plain, JSON, XML and a missing type', async () => {
    for (const [body, type] of [
      ['username=boss', 'text/plain'],
      ['{"username":"boss"}', 'application/json'],
      ['<a/>', 'application/xml'],
      ['username=boss', undefined],
    ] as const) {
      expect(await readForm(post(body, type)), String(type)).toEqual({ ok: false, problem: 'unsupportedType', status: 415 })
    }
  })

  it('answers 400 for broken multipart bodies', async () => {
    const broken = [
      post('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue', 'multipart/form-data; boundary=x'),
      post('anything', 'multipart/form-data'),
      post('--other\r\n\r\n--other--', 'multipart/form-data; boundary=x'),
    ]
    for (const request of broken) expect(await readForm(request)).toEqual({ ok: false, problem: 'unreadable', status: 400 })
  })

  it('answers 413 past the limit, declared or not', async () => {
    expect(await readForm(post('a='.padEnd(100, 'x'), 'application/x-www-form-urlencoded'), { maxBytes: 50 })).toEqual({
      ok: false,
      problem: 'tooLarge',
      status: 413,
    })
    const stream = chunked(Array.from({ length: 10 }, () => 'a'.repeat(20)))
    expect(await readForm(post(stream, 'application/x-www-form-urlencoded'), { maxBytes: 50 })).toEqual({
      ok: false,
      problem: 'tooLarge',
      status: 413,
    })
  })

  it('cuts off a urlencoded body that declares less than it sends', async () => {
    const stream = chunked(Array.from({ length: 10 }, () => 'a'.repeat(20)))
    expect(await readForm(post(stream, 'application/x-www-form-urlencoded', { 'content-length': '10' }), { maxBytes: 50 })).toEqual({
      ok: false,
      problem: 'tooLarge',
      status: 413,
    })
  })

  it('decodes a urlencoded form as browsers encode it: plus signs, percent escapes and raw UTF-8', async () => {
    const body = chunked(['name=Zahra+Ah', 'mad%C3%AE&city=%DA%A9%D8%A7%D8%A8', '%D9%84&note=سلام&empty=&flag'])
    const read = await readForm(post(body, 'application/x-www-form-urlencoded'))
    expect(read.ok && Object.fromEntries(read.form)).toEqual({ name: 'Zahra Ahmadî', city: 'کابل', note: 'سلام', empty: '', flag: '' })
  })

  it('reads an empty post as an empty form', async () => {
    const read = await readForm(post(null))
    expect(read.ok && [...read.form.keys()]).toEqual([])
  })
})
