/** How a list of requests is ordered, and the keyset cursors that page through it. */
import { sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { appointments, registrations } from '~db/schema'
import type { RequestKind } from './request-status'
import type { DateRange } from './date-range'

const tables = { appointments, registrations } as const

/**
 * The order of a list and what its cursor holds. Newest received first, through the index on
 * (created_at, id); but a list filtered by preferred or confirmed date is ordered by that date,
 * newest first, so its index serves both the range and the order (ordering such a list by
 * created_at made PostgreSQL walk the whole created_at index looking for the range: seconds at a
 * million rows).
 */
export interface SortKey {
  /** Marks the cursors of this order, so a cursor of another order is ignored. */
  tag: string
  column: AnyPgColumn
  /** The key as text, to the microsecond for instants. */
  text: SQL<string>
  /** The key's SQL type, to read the cursor back. */
  type: SQL
  pattern: RegExp
  descending: SQL[]
  ascending: SQL[]
}

const INSTANT_TEXT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/
const instantText = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

export function sortKey(kind: RequestKind, range: DateRange | null | undefined): SortKey {
  const table = tables[kind]
  const dated = kind === 'appointments' && range && (range.from || range.to) ? range.field : 'received'
  if (dated === 'preferred') {
    return {
      tag: 'p',
      column: appointments.date,
      text: sql<string>`to_char(${appointments.date}, 'YYYY-MM-DD')`,
      type: sql`date`,
      pattern: /^\d{4}-\d\d-\d\d$/,
      descending: [sql`${appointments.date} desc`, sql`${appointments.id} desc`],
      ascending: [sql`${appointments.date} asc`, sql`${appointments.id} asc`],
    }
  }
  if (dated === 'confirmed') {
    return {
      tag: 'c',
      column: appointments.confirmedFor,
      text: instantText(appointments.confirmedFor),
      type: sql`timestamptz`,
      pattern: INSTANT_TEXT,
      descending: [sql`${appointments.confirmedFor} desc`, sql`${appointments.id} desc`],
      ascending: [sql`${appointments.confirmedFor} asc`, sql`${appointments.id} asc`],
    }
  }
  // The indexes on created_at are 'desc nulls last' (Drizzle's default for .desc()); the ORDER BY
  // must say the same, or PostgreSQL sorts the whole table instead of reading the index.
  return {
    tag: '',
    column: table.createdAt,
    text: instantText(table.createdAt),
    type: sql`timestamptz`,
    pattern: INSTANT_TEXT,
    descending: [sql`${table.createdAt} desc nulls last`, sql`${table.id} desc nulls last`],
    ascending: [sql`${table.createdAt} asc nulls first`, sql`${table.id} asc nulls first`],
  }
}

// A cursor is the row's sort key (created_at to the microsecond, or the filtered date) plus its
// id, so rows with the same key are neither skipped nor repeated.
export function encodeCursor(key: SortKey, value: string, id: number): string {
  return Buffer.from(`${key.tag}${value}~${id}`).toString('base64url')
}

export function decodeCursor(key: SortKey, cursor: string | null | undefined): { value: string; id: number } | null {
  if (!cursor || cursor.length > 100) return null
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  const match = /^([a-z]?)([^~]+)~(\d{1,10})$/.exec(text)
  if (!match || match[1] !== key.tag || !key.pattern.test(match[2]!)) return null
  return { value: match[2]!, id: Number(match[3]) }
}

/**
 * The rows after (older than) or before (newer than) a cursor. Written as `key <= v and (key < v or
 * id < n)` rather than a row comparison so that an index on the key column alone can serve it.
 */
export function keysetCondition(
  kind: RequestKind,
  key: SortKey,
  cursor: { value: string; id: number },
  direction: 'after' | 'before',
): SQL {
  const id = tables[kind].id
  const value = sql`${cursor.value}::${key.type}`
  if (key.tag === '') {
    const op = direction === 'after' ? sql`<` : sql`>`
    return sql`(${key.column}, ${id}) ${op} (${value}, ${cursor.id})`
  }
  return direction === 'after'
    ? sql`${key.column} <= ${value} and (${key.column} < ${value} or ${id} < ${cursor.id})`
    : sql`${key.column} >= ${value} and (${key.column} > ${value} or ${id} > ${cursor.id})`
}
