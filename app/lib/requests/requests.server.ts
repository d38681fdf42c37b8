import { and, count, eq, gte, ilike, like, lt, lte, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { appointments, registrations, staff } from '~db/schema'
import type { Database } from '../platform/db.server'
import type { CourseNames } from '../forms/course-entry'
import { toLatinDigits } from '../i18n/digits'
import { APPOINTMENT_STATUSES, REGISTRATION_STATUSES, type RequestKind } from './request-status'
import { kabulDayStart, type DateRange } from './date-range'
import { decodeCursor, encodeCursor, keysetCondition, sortKey, type SortKey } from './request-order.server'

export { statusesOf, type RequestKind } from './request-status'

const PAGE_SIZE = 50
const MAX_PAGE_SIZE = 500
const MAX_QUERY_LENGTH = 100

const tables = { appointments, registrations } as const

export interface RequestFilter {
  /** A name, or a phone number in any formatting. */
  q?: string | null
  status?: string | null
  /** Received (both kinds), preferred or confirmed date (appointments) within Kabul calendar days. */
  range?: DateRange | null
}

export interface PageRequest extends RequestFilter {
  /** Cursor of the last row of the previous page: the rows after it. */
  after?: string | null
  /** Cursor of the first row of the next page: the rows before it. */
  before?: string | null
  limit?: number
}

interface RequestRow {
  id: number
  createdAt: Date
  name: string
  phone: string
  status: string
  /** Appointments: the preferred date (YYYY-MM-DD). */
  date?: string
  /** Registrations: the course (its id as stored; the screens put its name in). */
  course?: string
  /** Registrations: the course's names when the registration was made. */
  courseNames?: CourseNames | null
  /** Appointments: how it came in ('online', 'phone', 'walk-in'). */
  source?: string
}

export interface RequestPage {
  rows: RequestRow[]
  /** Rows matching the filter, over all pages, counted up to COUNT_CAP + 1. */
  total: number
  /** True when more than COUNT_CAP rows match (total is then COUNT_CAP + 1). */
  totalCapped: boolean
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: string | null
  /** Pass as `before` for the previous page; null on the first page. */
  prevCursor: string | null
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/**
 * A search term becomes a phone search when it has no letters and at least three digits: the
 * digits are matched anywhere in the stored international number, ignoring spaces, dashes, a
 * leading 00 or + and a national leading 0 ('070 123 4567' finds +93701234567). Otherwise it
 * matches names, case-insensitively.
 */
function searchCondition(kind: RequestKind, q: string | null | undefined): SQL | undefined {
  const table = tables[kind]
  const term = toLatinDigits((q ?? '').trim()).slice(0, MAX_QUERY_LENGTH)
  if (!term) return undefined
  const digits = term.replace(/\D/g, '')
  if (!/\p{L}/u.test(term) && digits.length >= 3) {
    const national = digits.replace(/^00/, '').replace(/^0(?=\d)/, '')
    return like(table.phone, `%${national}%`)
  }
  return ilike(table.name, `%${escapeLike(term)}%`)
}

function filterCondition(kind: RequestKind, filter: RequestFilter): SQL | undefined {
  const statuses: readonly string[] = kind === 'appointments' ? APPOINTMENT_STATUSES : REGISTRATION_STATUSES
  const table = tables[kind]
  const status = filter.status && statuses.includes(filter.status) ? eq(table.status, filter.status) : undefined
  return and(status, searchCondition(kind, filter.q), dateCondition(kind, filter.range))
}

/**
 * Received and confirmed dates are instants, compared with the Kabul day's bounds so the indexes on
 * created_at and confirmed_for serve them; the preferred date is a calendar date, compared as is.
 */
function dateCondition(kind: RequestKind, range: DateRange | null | undefined): SQL | undefined {
  if (!range || (!range.from && !range.to)) return undefined
  const field = kind === 'appointments' ? range.field : 'received'
  if (field === 'preferred') {
    return and(range.from ? gte(appointments.date, range.from) : undefined, range.to ? lte(appointments.date, range.to) : undefined)
  }
  const column = field === 'confirmed' ? appointments.confirmedFor : tables[kind].createdAt
  const dayAfterTo = range.to ? new Date(kabulDayStart(range.to).getTime() + 86_400_000) : null
  return and(range.from ? gte(column, kabulDayStart(range.from)) : undefined, dayAfterTo ? lt(column, dayAfterTo) : undefined)
}

function columnsOf(kind: RequestKind, key: SortKey) {
  const table = tables[kind]
  const base = {
    id: table.id,
    createdAt: table.createdAt,
    name: table.name,
    phone: table.phone,
    status: table.status,
    cursorKey: key.text,
  }
  return kind === 'appointments'
    ? { ...base, date: appointments.date, source: appointments.source }
    : { ...base, course: registrations.course, courseNames: registrations.courseNames }
}

/**
 * Lists count at most this many rows: past it the screen says 'more than 10,000', so a page of a
 * very long list never waits for a count of the whole table.
 */
const COUNT_CAP = 10_000

/** Counts the requests matching a filter, up to `cap` + 1 (more means 'more than cap'). */
export async function countRequests(
  db: Database,
  kind: RequestKind,
  filter: RequestFilter = {},
  cap = Number.MAX_SAFE_INTEGER,
): Promise<number> {
  const table = tables[kind]
  const where = filterCondition(kind, filter)
  if (cap >= Number.MAX_SAFE_INTEGER) {
    const [row] = await db.select({ value: count() }).from(table).where(where)
    return Number(row?.value ?? 0)
  }
  const limited = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('limited')
  const [row] = await db.select({ value: count() }).from(limited)
  return Number(row?.value ?? 0)
}

/**
 * One page of requests, newest first, with keyset paging: each page is found through the index on
 * (created_at, id), so the thousandth page costs what the first does.
 */
export async function listRequests(db: Database, kind: RequestKind, page: PageRequest = {}): Promise<RequestPage> {
  const table = tables[kind]
  const limit = Math.min(Math.max(1, page.limit ?? PAGE_SIZE), MAX_PAGE_SIZE)
  const filter = filterCondition(kind, page)
  const key = sortKey(kind, page.range)
  const after = decodeCursor(key, page.after)
  const before = after ? null : decodeCursor(key, page.before)
  const keyset = after ? keysetCondition(kind, key, after, 'after') : before ? keysetCondition(kind, key, before, 'before') : undefined
  const order = before ? key.ascending : key.descending
  const [fetched, total] = await Promise.all([
    db
      .select(columnsOf(kind, key))
      .from(table)
      .where(and(filter, keyset))
      .orderBy(...order)
      .limit(limit + 1),
    countRequests(db, kind, page, COUNT_CAP),
  ])
  const more = fetched.length > limit
  const rows = fetched.slice(0, limit)
  if (before) rows.reverse()
  const first = rows[0]
  const last = rows[rows.length - 1]
  // Going forward, there are earlier pages when we came from a cursor; going back, when more rows were found.
  const hasPrev = before ? more : Boolean(after)
  const hasNext = before ? true : more
  return {
    rows: rows.map(({ cursorKey: _cursor, ...row }) => row as RequestRow),
    total,
    totalCapped: total > COUNT_CAP,
    nextCursor: hasNext && last ? encodeCursor(key, last.cursorKey, last.id) : null,
    prevCursor: hasPrev && first ? encodeCursor(key, first.cursorKey, first.id) : null,
  }
}

/** Every request matching a filter, newest first, read in batches (for the CSV export). */
export async function* eachRequest(
  db: Database,
  kind: RequestKind,
  filter: RequestFilter,
  batchSize = 1000,
): AsyncGenerator<Record<string, unknown>> {
  const table = tables[kind]
  const key = sortKey(kind, filter.range)
  let after: { value: string; id: number } | null = null
  for (;;) {
    const keyset: SQL | undefined = after ? keysetCondition(kind, key, after, 'after') : undefined
    const rows = (await db
      .select({ ...getTableColumnsOf(kind), cursorKey: key.text })
      .from(table)
      .where(and(filterCondition(kind, filter), keyset))
      .orderBy(...key.descending)
      .limit(batchSize)) as Array<Record<string, unknown> & { cursorKey: string; id: number }>
    for (const { cursorKey: _cursor, ...row } of rows) yield row
    if (rows.length < batchSize) return
    const last = rows[rows.length - 1]!
    after = { value: last.cursorKey, id: last.id }
  }
}

function getTableColumnsOf(kind: RequestKind): Record<string, AnyPgColumn> {
  const t = tables[kind]
  const shared = {
    id: t.id,
    createdAt: t.createdAt,
    name: t.name,
    phone: t.phone,
    email: t.email,
    locale: t.locale,
    status: t.status,
    statusUpdatedAt: t.statusUpdatedAt,
  }
  return kind === 'appointments'
    ? { ...shared, date: appointments.date, message: appointments.message }
    : {
        ...shared,
        address: registrations.address,
        education: registrations.education,
        course: registrations.course,
        courseNames: registrations.courseNames,
      }
}

export interface RequestDetail {
  id: number
  createdAt: Date
  name: string
  phone: string
  email: string | null
  locale: string
  status: string
  statusUpdatedAt: Date | null
  statusUpdatedByName: string | null
  /** Appointments */
  date?: string
  message?: string | null
  /** Registrations */
  address?: string
  education?: string
  course?: string
  courseNames?: CourseNames | null
}

/** Everything submitted with one request, and who last changed its status. */
export async function getRequest(db: Database, kind: RequestKind, id: number): Promise<RequestDetail | null> {
  const table = tables[kind]
  const [row] = await db
    .select({ ...getTableColumnsOf(kind), statusUpdatedByName: staff.displayName })
    .from(table)
    .leftJoin(staff, eq(staff.id, table.statusUpdatedBy))
    .where(eq(table.id, id))
    .limit(1)
  return (row as RequestDetail | undefined) ?? null
}

/** Sets a request's status, recording who and when. False when the request or the status is unknown. */
export async function setRequestStatus(
  db: Database,
  kind: RequestKind,
  id: number,
  status: string,
  staffId: number,
  now = new Date(),
): Promise<boolean> {
  const statuses: readonly string[] = kind === 'appointments' ? APPOINTMENT_STATUSES : REGISTRATION_STATUSES
  if (!statuses.includes(status)) return false
  const table = tables[kind]
  const updated = await db
    .update(table)
    .set({ status, statusUpdatedAt: now, statusUpdatedBy: staffId })
    .where(eq(table.id, id))
    .returning({ id: table.id })
  return updated.length > 0
}

/** Deletes a request permanently. */
export async function deleteRequest(db: Database, kind: RequestKind, id: number): Promise<boolean> {
  const table = tables[kind]
  const deleted = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id })
  return deleted.length > 0
}

/** The dashboard's numbers: all requests and those still pending. */
export async function requestCounts(db: Database, kind: RequestKind): Promise<{ total: number; pending: number }> {
  const table = tables[kind]
  const [row] = await db.select({ total: count(), pending: sql<number>`count(*) filter (where ${table.status} = 'pending')` }).from(table)
  return { total: Number(row?.total ?? 0), pending: Number(row?.pending ?? 0) }
}
