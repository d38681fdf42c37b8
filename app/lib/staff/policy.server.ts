/**
 * Rules for every staff account that an administrator sets: for now whether every account must
 * use two-step sign-in. While it is on, an account without a second factor can open nothing but
 * the set-up (readSession says `needsSecondFactor`, auth.server.ts refuses the rest).
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { staff, staffPolicies, staffTwoFactor } from '~db/schema'
import type { Database } from '../platform/db.server'
import { endDeskStreams } from '../desk-events/desk-bus.server'
import { recordAudit, type AuditActor } from './audit.server'
import { REQUIRE_TWO_FACTOR } from './sessions.server'

/** Whether every account must have a second factor. */
export async function twoFactorRequired(db: Database): Promise<boolean> {
  const [row] = await db.select({ enabled: staffPolicies.enabled }).from(staffPolicies).where(eq(staffPolicies.name, REQUIRE_TWO_FACTOR))
  return row?.enabled === true
}

/**
 * Turns the requirement on or off and records it; returns false when it already was so. Turned on,
 * it ends the open live desk streams of every account without a confirmed second factor, and their
 * tabs load again: the server sends them to the set-up.
 */
export async function setTwoFactorRequired(db: Database, actor: AuditActor, enabled: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(staffPolicies)
      .values({ name: REQUIRE_TWO_FACTOR, enabled, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: staffPolicies.name,
        set: { enabled, updatedAt: sql`now()`, updatedBy: actor.id },
        setWhere: sql`${staffPolicies.enabled} <> ${enabled}`,
      })
      .returning({ name: staffPolicies.name })
    if (rows.length === 0) return false
    await recordAudit(tx, actor, 'two-factor-policy', null, { required: enabled })
    if (enabled) {
      const without = await tx
        .select({ id: staff.id })
        .from(staff)
        .leftJoin(staffTwoFactor, eq(staffTwoFactor.staffId, staff.id))
        .where(and(eq(staff.disabled, false), isNull(staffTwoFactor.confirmedAt)))
      for (const { id } of without) await endDeskStreams(tx, { memberId: id, reload: true })
    }
    return true
  })
}
