/**
 * How every action reads its form. Only the two form encodings browsers send are read; anything
 * else (text/plain, JSON, XML) is 415, a body that cannot be parsed (broken multipart, a missing
 * boundary) is 400 and a body past the limit is 413, so a bad request never becomes a server
 * error. The action decides what to show with that status (its page and form, with a notice).
 *
 * Text values lose the characters no form accepts (see characters.ts) unless the action keeps
 * them: passwords, which are only hashed, and the public forms, which refuse them with a field
 * message. A field sent twice is read as its first value by `form.get`, as browsers never send
 * one of our single-value fields twice.
 *
 * A form whose buttons sit among its fields is read `whole` (form-end.ts): sent before its page had
 * finished loading, it is refused (400) rather than read without its last fields.
 */
import { removeForbiddenCharacters } from './characters'
import { FORM_END } from './form-end'

/** What an ordinary form may weigh: the longest public form is far below it. */
export const MAX_FORM_BYTES = 64 * 1024

type FormReadProblem = 'unsupportedType' | 'unreadable' | 'tooLarge' | 'cutShort'

export type FormReadFailure = { ok: false; problem: FormReadProblem; status: 400 | 413 | 415 }
export type FormRead = { ok: true; form: FormData } | FormReadFailure

export interface ReadFormOptions {
  /** The most bytes read; past it the answer is 413. */
  maxBytes?: number
  /** Fields kept exactly as sent, or 'all'. */
  keep?: readonly string[] | 'all'
  /** The form must end with its `FORM_END` field (form-end.ts); without it the answer is 400 ('cutShort'). */
  whole?: boolean
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

class BodyTooLargeError extends Error {}

/** A stream that passes at most `limit` bytes and fails past it. */
function capStream(limit: number): TransformStream<Uint8Array, Uint8Array> {
  let seen = 0
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength
      if (seen > limit) controller.error(new BodyTooLargeError())
      else controller.enqueue(chunk)
    },
  })
}

function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
}

function isTooLarge(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof BodyTooLargeError) return true
  }
  return false
}

const failure = (problem: FormReadProblem): FormRead => ({
  ok: false,
  problem,
  status: problem === 'unsupportedType' ? 415 : problem === 'tooLarge' ? 413 : 400,
})

export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormRead> {
  const read = await readBody(request, options)
  if (read.ok && options.whole && read.form.get(FORM_END.name) !== FORM_END.value) return failure('cutShort')
  return read
}

async function readBody(request: Request, { maxBytes = MAX_FORM_BYTES, keep = [] }: ReadFormOptions): Promise<FormRead> {
  const length = request.headers.get('content-length')
  const declared = length === null ? null : Number(length)
  if (declared !== null && declared > maxBytes) return failure('tooLarge')
  if (!request.body || declared === 0) {
    // A post with no body at all (a button-only form some clients send empty): an empty form.
    if (!request.headers.get('content-type') || FORM_TYPES.includes(mediaType(request))) return { ok: true, form: new FormData() }
  }
  if (!FORM_TYPES.includes(mediaType(request))) return failure('unsupportedType')
  if (!request.body) return { ok: true, form: new FormData() }

  const capped = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body.pipeThrough(capStream(maxBytes)),
    duplex: 'half',
  } as RequestInit & { duplex: 'half' })
  let sent: FormData
  try {
    sent = await capped.formData()
  } catch (error) {
    return failure(isTooLarge(error) ? 'tooLarge' : 'unreadable')
  }
  if (keep === 'all') return { ok: true, form: sent }
  const form = new FormData()
  for (const [name, value] of sent) {
    form.append(name, typeof value === 'string' && !keep.includes(name) ? removeForbiddenCharacters(value) : value)
  }
  return { ok: true, form }
}
