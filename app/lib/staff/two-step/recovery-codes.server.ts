/**
 * Recovery codes: ten single-use codes shown once when two-step sign-in is turned on, for a
 * phone that is lost or broken. Each has 50 random bits (10 base32 characters, written
 * `xxxxx-xxxxx`); only their SHA-256 is stored. A slow hash adds nothing to codes that cannot be
 * guessed, and the sign-in throttle counts every wrong one.
 */
import { createHash, randomBytes } from 'node:crypto'

export const RECOVERY_CODE_COUNT = 10
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'

/** One code, as the member reads and types it. */
function newCode(): string {
  const bytes = randomBytes(10)
  const chars = [...bytes].map((byte) => ALPHABET[byte & 31]).join('')
  return `${chars.slice(0, 5)}-${chars.slice(5)}`
}

export function newRecoveryCodes(): string[] {
  const codes = new Set<string>()
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode())
  return [...codes]
}

/** The code as typed, tidied: case, spaces and dashes do not matter. */
function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '')
}

/** True when the typed text has the shape of a recovery code (and not of a six-digit code). */
export function looksLikeRecoveryCode(typed: string): boolean {
  return /^[a-z2-9]{10}$/.test(normalizeRecoveryCode(typed))
}

export function hashRecoveryCode(typed: string): string {
  return createHash('sha256')
    .update(`recovery:${normalizeRecoveryCode(typed)}`)
    .digest('hex')
}
