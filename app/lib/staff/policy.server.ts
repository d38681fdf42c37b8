/**
 * Rules for every staff account that an administrator sets: for now whether every account must
 * use two-step sign-in. While it is on, an account without two-step sign-in can open nothing but
 * the set-up (readSession says `needsTwoStep`, auth.server.ts refuses the rest).
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { staff, staffPolicies, staffTwoStep } from '~db/schema'
import type { Database } from '../platform/db.server'
import { endDeskStreams } from '../desk-events/desk-bus.server'
import { recordAudit, type AuditActor } from './audit.server'
import { REQUIRE_TWO_STEP } from './sessions.server'

/** Whether every account must have two-step sign-in. */
export async function twoStepRequired(db: Database): Promise<boolean> {
  const [row] = await db.select({ enabled: staffPolicies.enabled }).from(staffPolicies).where(eq(staffPolicies.name, REQUIRE_TWO_STEP))
  return row?.enabled === true
}

/**
 * Turns the requirement on or off and records it; returns false when it already was so. Turned on,
 * it ends the open live desk streams of every account without a confirmed two-step sign-in, and their
 * tabs load again: the server sends them to the set-up.
 */
export async function setTwoStepRequired(db: Database, actor: AuditActor, enabled: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(staffPolicies)
      .values({ name: REQUIRE_TWO_STEP, enabled, updatedBy: actor.id })
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
        .leftJoin(staffTwoStep, eq(staffTwoStep.staffId, staff.id))
        .where(and(eq(staff.disabled, false), isNull(staffTwoStep.confirmedAt)))
      for (const { id } of without) await endDeskStreams(tx, { memberId: id, reload: true })
    }
    return true
  })
}
