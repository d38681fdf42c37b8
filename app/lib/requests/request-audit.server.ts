/**
 * Changes of a request that the audit log records: each runs in one transaction with its entry.
 * An entry names the request by kind and number only (lib/staff/audit.server.ts).
 */
import { eq } from 'drizzle-orm'
import { appointments, registrations } from '~db/schema'
import type { Database } from '../platform/db.server'
import { auditTarget, recordAudit, type AuditActor } from '../staff/audit.server'
import { deleteRequest, setRequestStatus, type RequestKind } from './requests.server'

const tables = { appointments, registrations } as const

/** setRequestStatus, with an entry saying from which status to which. */
export async function setRequestStatusAudited(
  db: Database,
  member: AuditActor,
  kind: RequestKind,
  id: number,
  status: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const table = tables[kind]
    const [before] = await tx.select({ status: table.status }).from(table).where(eq(table.id, id)).for('update')
    if (!before || !(await setRequestStatus(tx, kind, id, status, member.id))) return false
    await recordAudit(tx, member, 'request-status', auditTarget.request(kind, id), { from: before.status, to: status })
    return true
  })
}

/** deleteRequest, with an entry naming the request's kind and number. */
export async function deleteRequestAudited(db: Database, member: AuditActor, kind: RequestKind, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await deleteRequest(tx, kind, id))) return false
    await recordAudit(tx, member, 'request-delete', auditTarget.request(kind, id), { kind })
    return true
  })
}

/** An export: which list and filter (whether a search was used, never its words, which may be a name or a phone number). */
export async function recordExport(
  db: Database,
  member: AuditActor,
  kind: RequestKind,
  filter: { status: string; q: string },
): Promise<void> {
  await recordAudit(db, member, 'request-export', `list:${kind}`, { list: kind, status: filter.status || null, search: filter.q !== '' })
}
