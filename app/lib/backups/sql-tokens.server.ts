/**
 * SQL as the restore's statement check reads it (dump-policy.server.ts): words, quoted names,
 * strings (with E'' escapes), numbers and punctuation, comments skipped; and a cursor over them.
 */
export type Token = { kind: 'word' | 'name' | 'string' | 'number' | 'punct'; text: string }

/** The tokens of one statement; throws on an unterminated string or quoted name. */
export function* tokens(text: string): Generator<Token> {
  const n = text.length
  let i = 0
  while (i < n) {
    const c = text[i]!
    if (/\s/.test(c)) {
      i++
    } else if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i)
      i = end === -1 ? n : end + 1
    } else if (c === "'" || ((c === 'E' || c === 'e') && text[i + 1] === "'")) {
      const escaping = c !== "'"
      let j = escaping ? i + 2 : i + 1
      for (;;) {
        if (j >= n) throw new Error('an unterminated string')
        const ch = text[j]!
        if (escaping && ch === '\\') j += 2
        else if (ch === "'") {
          if (text[j + 1] === "'") j += 2
          else break
        } else j++
      }
      yield { kind: 'string', text: text.slice(i, j + 1) }
      i = j + 1
    } else if (c === '"') {
      const end = text.indexOf('"', i + 1)
      if (end === -1) throw new Error('an unterminated quoted name')
      yield { kind: 'name', text: text.slice(i + 1, end) }
      i = end + 1
    } else if (/[A-Za-z_]/.test(c)) {
      const match = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(text.slice(i, i + 128))!
      yield { kind: 'word', text: match[0] }
      i += match[0].length
    } else if (/[0-9]/.test(c) || (c === '-' && /[0-9]/.test(text[i + 1] ?? ''))) {
      const match = /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?/.exec(text.slice(i, i + 64))!
      yield { kind: 'number', text: match[0] }
      i += match[0].length
    } else if (c === ':' && text[i + 1] === ':') {
      yield { kind: 'punct', text: '::' }
      i += 2
    } else {
      yield { kind: 'punct', text: c }
      i++
    }
  }
}

/** A token's text as a name: words compare lowercased (as PostgreSQL folds them), quoted names as written. */
export function nameOf(token: Token | undefined): string | null {
  if (!token) return null
  if (token.kind === 'word') return token.text.toLowerCase()
  if (token.kind === 'name') return token.text
  return null
}

export class Cursor {
  readonly list: Token[]
  at = 0
  constructor(list: Token[]) {
    this.list = list
  }
  peek(offset = 0): Token | undefined {
    return this.list[this.at + offset]
  }
  /** Takes the next token when it is the word (case-insensitive) or punctuation given. */
  take(...texts: string[]): boolean {
    const start = this.at
    for (const text of texts) {
      const token = this.list[this.at]
      if (!token || token.kind === 'name' || token.text.toUpperCase() !== text.toUpperCase()) {
        this.at = start
        return false
      }
      this.at++
    }
    return true
  }
  /** Takes 'schema.name' and returns it, or null. */
  qualified(): string | null {
    const schema = nameOf(this.peek())
    if (schema === null || this.peek(1)?.text !== '.') return null
    const name = nameOf(this.peek(2))
    if (name === null) return null
    this.at += 3
    return `${schema}.${name}`
  }
  done(): boolean {
    return this.at >= this.list.length
  }
}
