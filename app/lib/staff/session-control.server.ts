/**
 * Signing sessions out from the list on the account page (one, or all but this one) and from the
 * Staff screen (all of another account's, by an administrator). Each ends the sessions' live desk
 * streams too, and each is in the audit log.
 */
import { eq } from 'drizzle-orm'
import { staff } from '~db/schema'
import type { Database } from '../platform/db.server'
import { auditTarget, recordAudit, type AuditActor } from './audit.server'
import { deleteSessionsOf, endListedSession, endOtherSessions } from './sessions.server'

/** The member signs out one of their own sessions (another device, or this one). */
export async function signOutOwnSession(db: Database, member: AuditActor, listingId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await endListedSession(tx, member.id, listingId))) return false
    await recordAudit(tx, member, 'session-end', auditTarget.staff(member.id))
    return true
  })
}

/** The member signs out every session but the one they are using; returns how many ended. */
export async function signOutOtherSessions(db: Database, member: AuditActor, currentToken: string): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await endOtherSessions(tx, member.id, currentToken)
    await recordAudit(tx, member, 'sessions-end-others', auditTarget.staff(member.id), { ended })
    return ended
  })
}

/** An administrator signs out every session of another account (a lost or shared device); null when there is no such account. */
export async function signOutAccount(db: Database, actor: AuditActor, staffId: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ username: staff.username }).from(staff).where(eq(staff.id, staffId))
    if (!account) return null
    const ended = await deleteSessionsOf(tx, staffId)
    await recordAudit(tx, actor, 'sessions-end-all', auditTarget.staff(staffId), { username: account.username, ended })
    return ended
  })
}
