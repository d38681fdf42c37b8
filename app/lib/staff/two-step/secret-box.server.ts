/**
 * The authenticator secrets at rest (decision 021). With STAFF_SECRET_KEY (32 bytes, base64) they
 * are encrypted with AES-256-GCM, so a copy of the database alone (a backup, a dump) does not
 * reveal them: `v1:<iv>:<tag>:<ciphertext>`. Without the key they are stored as `plain:<secret>`,
 * protected only by access to the database, and the server says so when it starts.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

export function parseSecretKey(value: string | undefined): Buffer | null {
  if (!value) return null
  const key = Buffer.from(value, 'base64')
  if (key.length !== 32) throw new Error('STAFF_SECRET_KEY must be 32 bytes in base64 (openssl rand -base64 32)')
  return key
}

export function sealSecret(secret: string, key: Buffer | null): string {
  if (!key) return `plain:${secret}`
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join(':')
}

/** The secret, or an error when it was sealed with a key the server does not have. */
export function openSecret(stored: string, key: Buffer | null): string {
  if (stored.startsWith('plain:')) return stored.slice('plain:'.length)
  const [version, iv, tag, sealed] = stored.split(':')
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('An authenticator secret is stored in an unknown form.')
  if (!key) throw new Error('An authenticator secret is encrypted, but STAFF_SECRET_KEY is not set.')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8')
}
