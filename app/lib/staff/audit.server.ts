/**
 * The audit log: who did what and when, for administrators. An entry is written with the change
 * it records, on the same database handle (a transaction's, when the change has one), so a change
 * that is rolled back leaves no entry. Entries never hold a password, and of a request only its
 * kind and number: never a patient's or student's name, phone or search term.
 */
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import { auditLog, staff } from '~db/schema'
import type { Database } from '../platform/db.server'
import { parseIsoDate } from '../i18n/dates'
import type { Messages } from '~/locales'

export type AuditAction = keyof Messages['admin']['audit']['actions']

/** Every action the log records, in the order the screen's filter offers them. */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-refused',
  'sign-out',
  'request-status',
  'request-delete',
  'request-export',
  'visit-schedule',
  'site-save',
  'media-change',
  'staff-create',
  'staff-disable',
  'staff-enable',
  'staff-role',
  'staff-password-reset',
  'password-change',
  'two-factor-on',
  'two-factor-off',
  'two-factor-remove',
  'two-factor-alert',
  'alert-settings',
  'two-factor-policy',
  'session-end',
  'sessions-end-others',
  'sessions-end-all',
  'email-change',
  'password-reset-by-email',
  'backup-restore',
  'post-save',
  'post-restore',
  'gallery-save',
  'gallery-consent',
] as const satisfies readonly AuditAction[]

/** The staff member an entry is about: their account and the username at the time. */
export interface AuditActor {
  id: number
  username: string
}

export type AuditDetails = Record<string, string | number | boolean | null>

/** Targets: a request of a kind ('appointment:42'), a staff account ('staff:3'), a site document ('document:theme'). */
export const auditTarget = {
  request: (kind: 'appointments' | 'registrations', id: number) => `${kind === 'appointments' ? 'appointment' : 'registration'}:${id}`,
  staff: (id: number) => `staff:${id}`,
  document: (key: string) => `document:${key}`,
  post: (id: number) => `post:${id}`,
}

/** Writes one entry; pass the transaction of the change it records (and its time, when the caller has a clock). */
export async function recordAudit(
  db: Database,
  actor: AuditActor,
  action: AuditAction,
  target: string | null = null,
  details: AuditDetails = {},
  at?: Date,
): Promise<void> {
  await db.insert(auditLog).values({ staffId: actor.id, actor: actor.username, action, target, details, ...(at ? { at } : {}) })
}

/** As recordAudit, for code that knows only the account's id (the username is read in the same statement). */
export async function recordAuditById(
  db: Database,
  staffId: number | null,
  action: AuditAction,
  target: string | null = null,
  details: AuditDetails = {},
): Promise<void> {
  if (staffId === null) return
  await db.execute(
    sql`insert into ${auditLog} (staff_id, actor, action, target, details)
        select ${staff.id}, ${staff.username}, ${action}, ${target}, ${JSON.stringify(details)}::jsonb from ${staff} where ${staff.id} = ${staffId}`,
  )
}

/** A media library change as the log keeps it: what was done, and to which file or slot (never the alternative texts). */
export function mediaChangeDetails(change: unknown): AuditDetails {
  const { action, name, slot } = (change ?? {}) as Record<string, unknown>
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : null)
  return { change: text(action), name: text(name), slot: text(slot) }
}

// --- reading ------------------------------------------------------------------------------------

const AUDIT_PAGE_SIZE = 50

export interface AuditFilter {
  action?: string | null
  staffId?: number | null
  /** Kabul days, YYYY-MM-DD, both included. */
  from?: string | null
  to?: string | null
}

interface AuditEntry {
  id: number
  at: Date
  staffId: number | null
  actor: string
  /** The account's current name, when it still exists. */
  displayName: string | null
  action: string
  target: string | null
  details: Record<string, unknown>
}

export interface AuditPage {
  entries: AuditEntry[]
  /** Pass as `after` for the next (older) page; null on the last page. */
  nextCursor: string | null
}

/** The start of a Kabul day (UTC+4:30 all year) as an instant. */
export function kabulDayStart(isoDate: string): Date | null {
  if (!parseIsoDate(isoDate)) return null
  return new Date(`${isoDate}T00:00:00+04:30`)
}

function encodeCursor(at: string, id: number): string {
  return Buffer.from(`${at}~${id}`).toString('base64url')
}

function decodeCursor(cursor: string | null | undefined): { at: string; id: number } | null {
  if (!cursor || cursor.length > 100) return null
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)~(\d{1,10})$/.exec(text)
  return match ? { at: match[1]!, id: Number(match[2]) } : null
}

function filterCondition(filter: AuditFilter): SQL | undefined {
  const from = filter.from ? kabulDayStart(filter.from) : null
  const toStart = filter.to ? kabulDayStart(filter.to) : null
  const to = toStart ? new Date(toStart.getTime() + 24 * 60 * 60 * 1000) : null
  return and(
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.staffId ? eq(auditLog.staffId, filter.staffId) : undefined,
    from ? gte(auditLog.at, from) : undefined,
    to ? lt(auditLog.at, to) : undefined,
  )
}

/**
 * One page of entries, newest first, with keyset paging on (at, id): each page is read through
 * audit_log_at_idx, so a page deep in a long log costs what the first does.
 */
export async function listAudit(db: Database, filter: AuditFilter & { after?: string | null; limit?: number } = {}): Promise<AuditPage> {
  const limit = Math.min(Math.max(1, filter.limit ?? AUDIT_PAGE_SIZE), 200)
  const after = decodeCursor(filter.after)
  const keyset = after ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id})` : undefined
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      staffId: auditLog.staffId,
      actor: auditLog.actor,
      displayName: staff.displayName,
      action: auditLog.action,
      target: auditLog.target,
      details: auditLog.details,
      cursorTime: sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(and(filterCondition(filter), keyset))
    // The index is 'desc nulls last' (Drizzle's default for .desc()); the order must say the same.
    .orderBy(sql`${auditLog.at} desc nulls last`, sql`${auditLog.id} desc nulls last`)
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  return {
    entries: page.map(({ cursorTime: _cursor, ...entry }) => entry),
    nextCursor: rows.length > limit && last ? encodeCursor(last.cursorTime, last.id) : null,
  }
}
