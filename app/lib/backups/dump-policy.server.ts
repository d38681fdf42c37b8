/**
 * What a restore agrees to run: the statements pg_dump writes for this application's schema, and
 * nothing else (decision 032). `SET` of the parameters pg_dump sets, `set_config('search_path')`,
 * `CREATE SCHEMA drizzle`, the one extension the migrations use (pg_trgm), `CREATE`/`ALTER` of our
 * tables, sequences, indexes and constraints, `INSERT … VALUES` of plain values into our tables,
 * `setval` of our sequences, and the comments pg_dump writes. Functions, `DO`, `COPY` (our dumps
 * write INSERTs), roles, grants, `ALTER SYSTEM`, other extensions and calls of functions other than
 * the few our schema's defaults and constraints use are refused, with the statement's line.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { MIGRATIONS_FOLDER } from '../platform/db.server'
import type { Statement } from './sql-script.server'
import { Cursor, nameOf, tokens, type Token } from './sql-tokens.server'

/** The parameters pg_dump sets at the head of a dump. */
const SET_PARAMETERS = new Set([
  'statement_timeout',
  'lock_timeout',
  'idle_in_transaction_session_timeout',
  'transaction_timeout',
  'client_encoding',
  'standard_conforming_strings',
  'check_function_bodies',
  'xmloption',
  'client_min_messages',
  'row_security',
  'default_tablespace',
  'default_table_access_method',
])

/** Extensions the migrations create. */
const EXTENSIONS = new Set(['pg_trgm'])

/**
 * Words that may stand before '(' in our tables' and indexes' definitions: keywords, types, index
 * methods and the functions our defaults and constraints call (now(), nextval(), num_nonnulls()).
 */
const CALLS_ALLOWED = new Set(
  (
    'key unique check references include where and or not in any array all exists distinct nulls using on btree gin gist hash brin ' +
    'numeric decimal varying character char varchar timestamp time interval bit float precision ' +
    'now nextval num_nonnulls num_nulls lower upper coalesce length char_length array_length jsonb_typeof gen_random_uuid'
  ).split(' '),
)

let tables: Set<string> | undefined

/** Every table the migrations ever create, as 'public.name', and drizzle's own. */
function knownTables(folder = MIGRATIONS_FOLDER): Set<string> {
  if (tables && folder === MIGRATIONS_FOLDER) return tables
  const found = new Set(['drizzle.__drizzle_migrations'])
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.sql'))) {
    for (const match of readFileSync(path.join(folder, file), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"(?:public"\.")?(\w+)"/gi))
      found.add(`public.${match[1]}`)
  }
  if (folder === MIGRATIONS_FOLDER) tables = found
  return found
}

/** Why the statement is refused, or null when a restore may run it. */
export function refusal(statement: Statement, known = knownTables()): string | null {
  if (statement.psql) return /^\\(un)?restrict [A-Za-z0-9]+$/.test(statement.text) ? null : 'a psql command other than \\restrict'
  if (/^INSERT\s/i.test(statement.text)) return insertRefusal(statement.text, known)
  let list: Token[]
  try {
    list = [...tokens(statement.text)]
  } catch (error) {
    return (error as Error).message
  }
  const cursor = new Cursor(list)
  const ours = (name: string | null) => name !== null && known.has(name)
  const ourSequence = (name: string | null) =>
    name !== null && /^(public|drizzle)\./.test(name) && [...known].some((table) => name.startsWith(`${table}_`) && name.endsWith('_seq'))
  const first = cursor.peek()?.text.toUpperCase()
  switch (first) {
    case 'SET': {
      cursor.take('SET')
      const parameter = nameOf(cursor.peek())
      if (!parameter || !SET_PARAMETERS.has(parameter)) return `SET of ${parameter ?? 'something'}, which pg_dump does not set`
      cursor.at++
      if (!cursor.take('=') && !cursor.take('TO')) return 'an unusual SET'
      const value = cursor.peek()
      cursor.at++
      return value && value.kind !== 'punct' && cursor.done() ? null : 'an unusual SET'
    }
    case 'SELECT': {
      cursor.take('SELECT')
      if (cursor.take('pg_catalog', '.', 'set_config', '(')) {
        const ok = cursor.take("'search_path'", ',', "''", ',', 'false', ')') && cursor.done()
        return ok ? null : 'a set_config other than search_path'
      }
      if (cursor.take('pg_catalog', '.', 'setval', '(')) {
        const sequence = cursor.peek()
        const name = sequence?.kind === 'string' ? sequence.text.slice(1, -1).replaceAll('"', '') : null
        if (!ourSequence(name)) return `setval of ${name ?? 'something'}, which is not one of our sequences`
        cursor.at++
        const number = cursor.take(',') ? cursor.peek() : undefined
        cursor.at++
        const ok = number?.kind === 'number' && cursor.take(',') && (cursor.take('true') || cursor.take('false')) && cursor.take(')')
        return ok && cursor.done() ? null : 'an unusual setval'
      }
      return 'a SELECT other than pg_dump’s set_config and setval'
    }
    case 'CREATE': {
      cursor.take('CREATE')
      if (cursor.take('SCHEMA')) {
        const schema = nameOf(cursor.peek())
        cursor.at++
        return (schema === 'drizzle' || schema === 'public') && cursor.done() ? null : `CREATE SCHEMA ${schema ?? ''}`.trim()
      }
      if (cursor.take('EXTENSION')) {
        cursor.take('IF', 'NOT', 'EXISTS')
        const name = nameOf(cursor.peek())
        cursor.at++
        const ok = name !== null && EXTENSIONS.has(name) && cursor.take('WITH', 'SCHEMA', 'public') && cursor.done()
        return ok ? null : `CREATE EXTENSION ${name ?? ''}, which the application does not use`.replace('  ', ' ')
      }
      if (cursor.take('TABLE')) {
        const table = cursor.qualified()
        if (!ours(table)) return `CREATE TABLE ${table ?? ''}, which is not one of our tables`
        return cursor.take('(') ? callsRefusal(list, cursor.at, known) : 'an unusual CREATE TABLE'
      }
      if (cursor.take('SEQUENCE')) {
        const sequence = cursor.qualified()
        if (!ourSequence(sequence)) return `CREATE SEQUENCE ${sequence ?? ''}, which is not one of our sequences`
        return list.slice(cursor.at).every((t) => t.kind === 'word' || t.kind === 'number') ? null : 'an unusual CREATE SEQUENCE'
      }
      cursor.take('UNIQUE')
      if (cursor.take('INDEX')) {
        if (!nameOf(cursor.peek())) return 'an unusual CREATE INDEX'
        cursor.at++
        if (!cursor.take('ON')) return 'an unusual CREATE INDEX'
        cursor.take('ONLY')
        const table = cursor.qualified()
        if (!ours(table)) return `an index on ${table ?? 'something'}, which is not one of our tables`
        return cursor.take('USING') ? callsRefusal(list, cursor.at, known) : 'an unusual CREATE INDEX'
      }
      return `CREATE ${cursor.peek()?.text ?? ''}, which pg_dump does not write for our schema`
    }
    case 'ALTER': {
      cursor.take('ALTER')
      if (cursor.take('SEQUENCE')) {
        const sequence = cursor.qualified()
        if (!ourSequence(sequence) || !cursor.take('OWNED', 'BY')) return 'an unusual ALTER SEQUENCE'
        const column = cursor.qualified()
        return column && cursor.take('.') && nameOf(cursor.peek()) && cursor.at + 1 === list.length && ours(column)
          ? null
          : 'an unusual ALTER SEQUENCE'
      }
      if (cursor.take('TABLE')) {
        cursor.take('ONLY')
        const table = cursor.qualified()
        if (!ours(table)) return `ALTER TABLE ${table ?? ''}, which is not one of our tables`
        if (cursor.take('ADD', 'CONSTRAINT')) return callsRefusal(list, cursor.at, known)
        if (cursor.take('ALTER', 'COLUMN')) {
          cursor.at++
          return cursor.take('SET', 'DEFAULT') ? callsRefusal(list, cursor.at, known) : 'an ALTER COLUMN other than SET DEFAULT'
        }
        return 'an ALTER TABLE other than ADD CONSTRAINT and ALTER COLUMN … SET DEFAULT'
      }
      return `ALTER ${cursor.peek()?.text ?? ''}, which pg_dump does not write for our schema`
    }
    case 'COMMENT': {
      cursor.take('COMMENT', 'ON')
      if (cursor.take('EXTENSION')) {
        const name = nameOf(cursor.peek())
        cursor.at++
        return name && EXTENSIONS.has(name) && cursor.take('IS') && cursor.peek()?.kind === 'string' && cursor.at + 1 === list.length
          ? null
          : 'an unusual COMMENT'
      }
      if (cursor.take('SCHEMA')) {
        const schema = nameOf(cursor.peek())
        cursor.at++
        return (schema === 'public' || schema === 'drizzle') &&
          cursor.take('IS') &&
          cursor.peek()?.kind === 'string' &&
          cursor.at + 1 === list.length
          ? null
          : 'an unusual COMMENT'
      }
      const kind = cursor.peek()?.text.toUpperCase()
      if (kind !== 'TABLE' && kind !== 'COLUMN') return 'a COMMENT on something other than our tables'
      cursor.at++
      const table = cursor.qualified()
      if (kind === 'COLUMN' && cursor.take('.')) cursor.at++
      return ours(table) && cursor.take('IS') && cursor.peek()?.kind === 'string' && cursor.at + 1 === list.length
        ? null
        : 'an unusual COMMENT'
    }
    default:
      return `${first ?? 'an empty statement'}, which pg_dump does not write for our schema`
  }
}

/** A definition's calls: each word before '(' is a keyword, a type, our table or an allowed function. */
function callsRefusal(list: Token[], from: number, known: Set<string>): string | null {
  for (let i = from; i < list.length; i++) {
    const token = list[i]!
    if (token.kind === 'punct' && token.text === ';') return 'two statements in one'
    if (token.kind !== 'punct' || token.text !== '(') continue
    const before = list[i - 1]
    if (!before || before.kind === 'punct' || before.kind === 'string' || before.kind === 'number') continue
    const word = nameOf(before)!
    const qualifier = list[i - 2]?.text === '.' ? nameOf(list[i - 3]) : null
    if (qualifier && known.has(`${qualifier}.${word}`)) continue
    if (qualifier && qualifier !== 'pg_catalog') return `a call of ${qualifier}.${word}(), which our schema does not use`
    if (!CALLS_ALLOWED.has(word)) return `a call of ${word}(), which our schema does not use`
  }
  return null
}

/**
 * INSERT INTO <our table> [(columns)] VALUES (…), (…): plain values only (strings, numbers, NULL,
 * true, false), read without building a token list (the statement can be megabytes).
 */
function insertRefusal(text: string, known: Set<string>): string | null {
  const head = /^INSERT\s+INTO\s+(?:"?(public|drizzle)"?)\.(?:"([^"]+)"|([A-Za-z_]\w*))\s*(\([^()'";]*\))?\s*VALUES\s*/i.exec(text)
  if (!head) return 'an unusual INSERT'
  const table = `${head[1]!.toLowerCase()}.${head[2] ?? head[3]!.toLowerCase()}`
  if (!known.has(table)) return `an INSERT into ${table}, which is not one of our tables`
  let depth = 0
  let expectValue = false
  const n = text.length
  let i = head[0].length
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === 32 || c === 10 || c === 9 || c === 13) {
      i++
    } else if (c === 39 /* ' */) {
      if (depth !== 1 || !expectValue) return 'an unusual value in an INSERT'
      i++
      for (;;) {
        if (i >= n) return 'an unterminated string in an INSERT'
        if (text.charCodeAt(i) === 39) {
          if (text.charCodeAt(i + 1) === 39) i += 2
          else break
        } else i++
      }
      i++
      expectValue = false
    } else if (c === 40 /* ( */) {
      if (depth !== 0) return 'an expression in an INSERT, where pg_dump writes plain values'
      depth = 1
      expectValue = true
      i++
    } else if (c === 41 /* ) */) {
      if (depth !== 1 || expectValue) return 'an unusual INSERT'
      depth = 0
      i++
      // Between rows: a comma, or the end.
      while (i < n && /\s/.test(text[i]!)) i++
      if (i < n) {
        if (text[i] !== ',') return 'an unusual INSERT'
        i++
      }
    } else if (c === 44 /* , */) {
      if (depth !== 1 || expectValue) return 'an unusual INSERT'
      expectValue = true
      i++
    } else {
      const literal = /^(NULL|true|false|-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?)(?![\w.(])/i.exec(text.slice(i, i + 40))
      if (!literal || depth !== 1 || !expectValue)
        return `${text.slice(i, i + 20).split(/[\s(]/)[0]} in an INSERT, where pg_dump writes plain values`
      i += literal[0].length
      expectValue = false
    }
  }
  return depth === 0 ? null : 'an unfinished INSERT'
}
