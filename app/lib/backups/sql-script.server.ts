/**
 * Reads a plain-SQL dump (pg_dump's output) as separate statements while it streams in, so that a
 * restore can check each one and run them through a database driver, in batches, without psql and
 * without holding the dump in memory. It knows PostgreSQL's lexical rules where a semicolon does
 * not end a statement: quoted strings and names, dollar quoting and comments. psql's commands
 * (`\restrict` …) take their whole line and are given apart: they are not SQL.
 */
import { StringDecoder } from 'node:string_decoder'

export interface Statement {
  /** The statement without its ';', leading comments and surrounding space. */
  text: string
  /** The line of the dump it starts on (1-based). */
  line: number
  /** A psql command line ('\restrict …'), which is not SQL. */
  psql?: boolean
}

/** A statement longer than this is refused: a dump of ours writes 100 rows per statement. */
export const MAX_STATEMENT_CHARS = 64 * 1024 * 1024

export class ScriptError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message)
  }
}

type State = 'normal' | 'single' | 'single-escape' | 'double' | 'line-comment' | 'block-comment' | 'dollar' | 'psql'

/** Splits a script fed in pieces; `push` and `end` return the statements completed so far. */
export class StatementReader {
  #decoder = new StringDecoder('utf8')
  #text = ''
  #i = 0
  #line = 1
  #state: State = 'normal'
  #tag = ''
  #blockDepth = 0
  /** Where the current statement's first significant character is, and its line; -1: none yet. */
  #start = -1
  #startLine = 0
  #lineStart = true

  push(chunk: Buffer | string): Statement[] {
    this.#text += typeof chunk === 'string' ? chunk : this.#decoder.write(chunk)
    return this.#scan(false)
  }

  end(): Statement[] {
    this.#text += this.#decoder.end()
    return this.#scan(true)
  }

  #scan(final: boolean): Statement[] {
    const out: Statement[] = []
    const s = this.#text
    const n = s.length
    let i = this.#i
    while (i < n) {
      const c = s[i]!
      switch (this.#state) {
        case 'normal':
          if (c === '\n') {
            this.#line++
            this.#lineStart = true
            i++
            continue
          }
          if (c === ' ' || c === '\t' || c === '\r') {
            i++
            continue
          }
          if (c === '-' || c === '/' || c === '$') {
            if (i + 1 >= n && !final) break
            if (c === '-' && s[i + 1] === '-') {
              this.#state = 'line-comment'
              i += 2
              this.#lineStart = false
              continue
            }
            if (c === '/' && s[i + 1] === '*') {
              this.#state = 'block-comment'
              this.#blockDepth = 1
              i += 2
              this.#lineStart = false
              continue
            }
            if (c === '$' && !/[\w$]/.test(s[i - 1] ?? ' ')) {
              const rest = s.slice(i, i + 64)
              const tag = /^\$[A-Za-z_]?\w*\$/.exec(rest)
              // A tag cut by the end of the piece read so far: wait for the rest.
              if (!tag && !final && /^\$[A-Za-z_]?\w*$/.test(rest)) break
              if (tag) {
                this.#begin(i)
                this.#state = 'dollar'
                this.#tag = tag[0]
                i += tag[0].length
                this.#lineStart = false
                continue
              }
            }
          }
          if (c === '\\' && this.#lineStart && this.#start === -1) {
            this.#state = 'psql'
            this.#begin(i)
            i++
            continue
          }
          this.#lineStart = false
          if (c === ';') {
            if (this.#start !== -1) out.push({ text: s.slice(this.#start, i).trim(), line: this.#startLine })
            this.#start = -1
            i++
            continue
          }
          this.#begin(i)
          if (c === "'") {
            const prev = s[i - 1] ?? ' '
            this.#state = /[eE]/.test(prev) && !/\w/.test(s[i - 2] ?? ' ') ? 'single-escape' : 'single'
          } else if (c === '"') this.#state = 'double'
          i++
          continue
        case 'single':
        case 'single-escape':
          if (c === '\n') this.#line++
          if (this.#state === 'single-escape' && c === '\\') {
            if (i + 1 >= n && !final) break
            if (s[i + 1] === '\n') this.#line++
            i += 2
            continue
          }
          if (c === "'") {
            if (i + 1 >= n && !final) break
            if (s[i + 1] === "'") i += 2
            else {
              this.#state = 'normal'
              i++
            }
            continue
          }
          i++
          continue
        case 'double':
          if (c === '\n') this.#line++
          if (c === '"') this.#state = 'normal'
          i++
          continue
        case 'line-comment':
          if (c === '\n') {
            this.#state = 'normal'
            continue
          }
          i++
          continue
        case 'block-comment':
          if (c === '\n') this.#line++
          if ((c === '*' || c === '/') && i + 1 >= n && !final) break
          if (c === '*' && s[i + 1] === '/') {
            this.#blockDepth--
            i += 2
            if (this.#blockDepth === 0) this.#state = 'normal'
            continue
          }
          if (c === '/' && s[i + 1] === '*') {
            this.#blockDepth++
            i += 2
            continue
          }
          i++
          continue
        case 'dollar': {
          if (c === '\n') this.#line++
          if (c === '$') {
            if (i + this.#tag.length > n && !final) break
            if (s.startsWith(this.#tag, i)) {
              i += this.#tag.length
              this.#state = 'normal'
              continue
            }
          }
          i++
          continue
        }
        case 'psql':
          if (c === '\n') {
            out.push({ text: s.slice(this.#start, i).trim(), line: this.#startLine, psql: true })
            this.#start = -1
            this.#state = 'normal'
            continue
          }
          i++
          continue
      }
      break
    }
    if (final) {
      if (this.#state === 'psql') out.push({ text: s.slice(this.#start).trim(), line: this.#startLine, psql: true })
      else if (this.#start !== -1) {
        if (this.#state !== 'normal' && this.#state !== 'line-comment')
          throw new ScriptError('the dump ends inside a quoted string, name or comment', this.#startLine)
        out.push({ text: s.slice(this.#start).trim(), line: this.#startLine })
      }
      this.#text = ''
      this.#i = 0
      this.#start = -1
      return out
    }
    // Keep only the unfinished statement (or the few characters a decision waits for).
    const keepFrom = this.#start === -1 ? i : this.#start
    if (i - keepFrom > MAX_STATEMENT_CHARS)
      throw new ScriptError(
        `a statement longer than ${MAX_STATEMENT_CHARS / 1024 / 1024} MB, which no dump of ours writes`,
        this.#startLine,
      )
    this.#text = s.slice(keepFrom)
    this.#i = i - keepFrom
    if (this.#start !== -1) this.#start -= keepFrom
    return out
  }

  #begin(at: number): void {
    if (this.#start !== -1) return
    this.#start = at
    this.#startLine = this.#line
  }
}

/** Splits a whole script (tests and small dumps). */
export function splitStatements(script: string): Statement[] {
  const reader = new StatementReader()
  return [...reader.push(script), ...reader.end()]
}

/** A `SET name = …` statement's parameter name, or null for any other statement. */
export function setParameter(statement: string): string | null {
  return /^SET\s+(\w+)\s*(=|TO)/i.exec(statement)?.[1]?.toLowerCase() ?? null
}
