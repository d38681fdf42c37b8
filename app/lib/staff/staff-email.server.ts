/**
 * A staff account's e-mail address: where its password-reset link goes. Optional, one account per
 * address, stored lower-case; the member and administrators change it, and the audit log records
 * that it changed (never the address itself).
 */
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { staff } from '~db/schema'
import type { Database } from '../platform/db.server'
import { optionalEmail } from '../forms/rules'
import { auditTarget, recordAudit, type AuditActor } from './audit.server'

/** The form field: empty removes the address; otherwise a valid address (lower-cased). */
export const StaffEmailSchema = z.object({ email: optionalEmail() })

export async function staffEmail(db: Database, staffId: number): Promise<string | null> {
  const [row] = await db.select({ email: staff.email }).from(staff).where(eq(staff.id, staffId))
  return row?.email ?? null
}

export type EmailProblem = 'emailTaken' | 'notFound'

/** Sets (or with null, removes) an account's address; refused when another account has it. */
export async function setStaffEmail(
  db: Database,
  actor: AuditActor,
  staffId: number,
  given: string | null,
): Promise<{ ok: true; changed: boolean } | { ok: false; problem: EmailProblem }> {
  const email = given === null ? null : given.toLowerCase()
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ username: staff.username, email: staff.email })
      .from(staff)
      .where(eq(staff.id, staffId))
      .for('update')
    if (!account) return { ok: false as const, problem: 'notFound' as const }
    if (account.email === email) return { ok: true as const, changed: false }
    if (email !== null) {
      const [other] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, email))
      if (other) return { ok: false as const, problem: 'emailTaken' as const }
    }
    await tx.update(staff).set({ email }).where(eq(staff.id, staffId))
    await recordAudit(tx, actor, 'email-change', auditTarget.staff(staffId), { username: account.username, removed: email === null })
    return { ok: true as const, changed: true }
  })
}
