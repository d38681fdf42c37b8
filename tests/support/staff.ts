import type { StaffRole } from '~db/schema'
import type { Database } from '~/lib/platform/db.server'
import { createStaff } from '~/lib/staff/staff.server'

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
