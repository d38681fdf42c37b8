import { env } from '../../platform/env.server'
import { parseSecretKey } from './secret-box.server'

/** The key the authenticator secrets are sealed with (STAFF_SECRET_KEY), or null when none is set. */
export function staffSecretKey(): Buffer | null {
  return parseSecretKey(env().STAFF_SECRET_KEY)
}

/**
 * What the server says at start when STAFF_SECRET_KEY is not set: the authenticator secrets of
 * two-step sign-in are stored as they are, and a copy of the database (a dump, a backup) holds them
 * readable. Null when the key is set. The dashboard tells administrators the same.
 */
export function unencryptedSecretsWarning(key: Buffer | null): string | null {
  if (key) return null
  return (
    'STAFF_SECRET_KEY is not set: the secrets of two-step sign-in are stored unencrypted in the database, ' +
    'so anyone with a copy of it (a dump or a backup) can make the codes. Set it (openssl rand -base64 32; ' +
    'docs/configuration.md); members who turned two-step sign-in on before then set it up again.'
  )
}
