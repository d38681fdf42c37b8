/**
 * Reads a plain-SQL dump (pg_dump's output) as separate statements, so that a restore can run it
 * through a database driver, in batches, without psql. It knows PostgreSQL's lexical rules where a
 * semicolon does not end a statement: quoted strings and names, dollar quoting and comments.
 * psql's own commands (`\restrict`, `\connect` …) are left out: they are not SQL.
 */

export function splitStatements(script: string): string[] {
  const statements: string[] = []
  let start = 0
  let i = 0
  const n = script.length
  const closing = (from: number, quote: string): number => {
    const end = script.indexOf(quote, from)
    return end === -1 ? n : end
  }
  while (i < n) {
    const c = script[i]!
    if (c === "'") {
      const escaping = i > 0 && /[eE]/.test(script[i - 1]!) && !/\w/.test(script[i - 2] ?? ' ')
      i++
      for (;;) {
        if (i >= n) break
        const ch = script[i]!
        if (escaping && ch === '\\') i += 2
        else if (ch === "'") {
          if (script[i + 1] === "'") i += 2
          else {
            i++
            break
          }
        } else i++
      }
    } else if (c === '"') {
      i = closing(i + 1, '"') + 1
    } else if (c === '-' && script[i + 1] === '-') {
      i = closing(i, '\n') + 1
    } else if (c === '/' && script[i + 1] === '*') {
      i = closing(i + 2, '*/') + 2
    } else if (c === '$' && !/[\w$]/.test(script[i - 1] ?? ' ')) {
      const tag = /^\$[A-Za-z_]?\w*\$/.exec(script.slice(i, i + 64))
      if (tag) i = closing(i + tag[0].length, tag[0]) + tag[0].length
      else i++
    } else if (c === '\\' && script.lastIndexOf('\n', i - 1) + 1 === i && isOnlyComments(script.slice(start, i))) {
      // A psql command takes its whole line.
      i = closing(i, '\n') + 1
      start = i
    } else if (c === ';') {
      const statement = script.slice(start, i).trim()
      if (statement && !isOnlyComments(statement)) statements.push(statement)
      i++
      start = i
    } else i++
  }
  const rest = script.slice(start).trim()
  if (rest && !isOnlyComments(rest)) statements.push(rest)
  return statements
}

function isOnlyComments(text: string): boolean {
  return text.split('\n').every((line) => line.trim() === '' || line.trim().startsWith('--'))
}

/** Joins statements into batches of about `maxChars`, each run as one multi-statement call. */
export function batches(statements: string[], maxChars = 1_000_000): string[] {
  const out: string[] = []
  let current: string[] = []
  let size = 0
  for (const statement of statements) {
    if (size > 0 && size + statement.length > maxChars) {
      out.push(current.join(';\n') + ';')
      current = []
      size = 0
    }
    current.push(statement)
    size += statement.length + 2
  }
  if (current.length) out.push(current.join(';\n') + ';')
  return out
}

/** A `SET name = …` statement's parameter name, or null for any other statement. */
export function setParameter(statement: string): string | null {
  return /^SET\s+(\w+)\s*(=|TO)/i.exec(statement)?.[1]?.toLowerCase() ?? null
}
