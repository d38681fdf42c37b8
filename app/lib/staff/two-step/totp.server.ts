/**
 * Authenticator-app codes (TOTP, RFC 6238: SHA-1, 6 digits, 30 s steps) through the `otpauth`
 * library. A code is accepted within one step either side of the server's clock (a phone a little
 * fast or slow, a code typed as it changed), and never for a step at or before the last one used:
 * a code seen over a shoulder or in a log cannot be played again.
 */
import { Secret, TOTP } from 'otpauth'

export const STEP_SECONDS = 30
/** Steps either side of the current one that are accepted. */
const WINDOW_STEPS = 1
const DIGITS = 6

/** A new random secret (160 bits, as RFC 4226 recommends), in base32 as apps show it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

function totp(secret: string, label = 'staff', issuer = ''): TOTP {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: DIGITS, period: STEP_SECONDS })
}

/** The otpauth:// address the QR code carries. */
export function totpUri(secret: string, account: string, issuer: string): string {
  return totp(secret, account, issuer).toString()
}

/** The time step of a moment. */
export function stepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / STEP_SECONDS)
}

/** The code of a step (for tests and for showing nothing else). */
export function codeAt(secret: string, now: Date): string {
  return totp(secret).generate({ timestamp: now.getTime() })
}

export type CodeCheck = { ok: true; step: number } | { ok: false; reason: 'wrong' | 'reused' }

/**
 * Checks a typed code: the step it belongs to within the window, refused when that step is not
 * after `lastUsedStep`. The caller stores the step only if it is still after the stored one
 * (an update that checks it), so two requests with the same code cannot both pass.
 */
export function checkCode(secret: string, typed: string, lastUsedStep: number, now: Date): CodeCheck {
  const token = typed.replace(/[\s-]/g, '')
  if (!/^\d{6}$/.test(token)) return { ok: false, reason: 'wrong' }
  const delta = totp(secret).validate({ token, timestamp: now.getTime(), window: WINDOW_STEPS })
  if (delta === null) return { ok: false, reason: 'wrong' }
  const step = stepAt(now) + delta
  if (step <= lastUsedStep) return { ok: false, reason: 'reused' }
  return { ok: true, step }
}
