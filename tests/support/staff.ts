import type { StaffRole } from '~db/schema'
import type { Database } from '~/lib/platform/db.server'
import { createStaff } from '~/lib/staff/staff.server'

import { codeAt } from '~/lib/staff/two-step/totp.server'
import { confirmEnrollment, startEnrollment, type SecretKey } from '~/lib/staff/two-step/two-step.server'

/** A staff account for integration tests, hashed with cheap scrypt parameters; returns its id. */
export async function createTestStaff(db: Database, role: StaffRole = 'reception', username = 'desk'): Promise<number> {
  const created = await createStaff(
    db,
    { username, displayName: 'Desk Person', role, password: 'tangerine orbit 61 willow' },
    { params: { ln: 10, r: 8, p: 1 } },
  )
  if (!created.ok) throw new Error(created.problem)
  return created.id
}

/** Turns two-step sign-in on for an account, confirmed with the authenticator's code at `now`. */
export async function turnOnTwoStep(
  db: Database,
  actor: { id: number; username: string },
  key: SecretKey,
  now: Date,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const secret = await startEnrollment(db, actor.id, key)
  if (!secret) throw new Error('two-step sign-in could not be started')
  const confirmed = await confirmEnrollment(db, actor, codeAt(secret, now), key, now)
  if (!confirmed.ok) throw new Error(confirmed.problem)
  return { secret, recoveryCodes: confirmed.recoveryCodes }
}
