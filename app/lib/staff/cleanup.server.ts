/** The staff area's clean-up jobs, which the server hands to the maintenance sweep. */
import type { CleanupJob } from '../platform/maintenance.server'
import { deleteExpiredResets } from './password-reset.server'
import { deleteExpiredSessions } from './sessions.server'
import { deleteOldLoginFailures } from './throttle.server'

export const STAFF_CLEANUP_JOBS: readonly CleanupJob[] = [
  { name: 'sessions', run: deleteExpiredSessions },
  { name: 'login failures', run: deleteOldLoginFailures },
  { name: 'password-reset links', run: deleteExpiredResets },
]
