import { env } from '../../platform/env.server'
import { parseSecretKey } from './secret-box.server'

/** The key the authenticator secrets are sealed with (STAFF_SECRET_KEY), or null when none is set. */
export function staffSecretKey(): Buffer | null {
  return parseSecretKey(env().STAFF_SECRET_KEY)
}
