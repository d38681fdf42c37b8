import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto'
export { checkPasswordStrength } from './password-rules.server'

/** scrypt cost parameters; N = 2^ln. OWASP's recommendation is N=2^17, r=8, p=1. */
export interface ScryptParams {
  ln: number
  r: number
  p: number
}

export const OWASP_SCRYPT: ScryptParams = { ln: 17, r: 8, p: 1 }
const KEY_LENGTH = 32
const SALT_BYTES = 16

/** Memory scrypt needs is 128·N·r bytes (128 MiB at OWASP's parameters); leave headroom. */
function maxmemFor({ ln, r, p }: ScryptParams): number {
  return 128 * 2 ** ln * r * p + 32 * 1024 * 1024
}

// Each hash holds 128 MiB for a few hundred milliseconds: at most two at once, the rest queue.
export const MAX_CONCURRENT_HASHES = 2
let running = 0
const waiting: Array<() => void> = []

/**
 * Runs `work` when one of the hashing slots is free. A finished hash hands its slot straight to
 * the first in the queue (the count never drops in between), so a newcomer arriving before the
 * woken waiter runs cannot take the slot too.
 */
export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_CONCURRENT_HASHES) running++
  else await new Promise<void>((resolve) => waiting.push(resolve))
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** params.ln, r: params.r, p: params.p, maxmem: maxmemFor(params) }
  return withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)))
      }),
  )
}

/** A self-describing hash: `scrypt$ln=17,r=8,p=1$<salt>$<key>` (base64, no padding). */
export async function hashPassword(password: string, params: ScryptParams = OWASP_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, params)
  return `scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const match = /^scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([\w-]+)\$([\w-]+)$/.exec(stored)
  if (!match) return null
  const [, ln, r, p, salt, key] = match
  const params = { ln: Number(ln), r: Number(r), p: Number(p) }
  if (params.ln < 1 || params.ln > 20 || params.r < 1 || params.p < 1) return null
  return { params, salt: Buffer.from(salt!, 'base64url'), key: Buffer.from(key!, 'base64url') }
}

/** True when the password matches the stored hash; compares in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored)
  if (!parsed || parsed.key.length !== KEY_LENGTH) return false
  const key = await derive(password, parsed.salt, parsed.params)
  return timingSafeEqual(key, parsed.key)
}

/** True when a hash was made with weaker parameters than the current ones. */
export function needsRehash(stored: string, params: ScryptParams = OWASP_SCRYPT): boolean {
  const parsed = parseHash(stored)
  if (!parsed) return true
  return parsed.params.ln < params.ln || parsed.params.r < params.r || parsed.params.p < params.p
}

const dummies = new Map<string, Promise<string>>()
/**
 * Checks a password against a hash of a random secret, so that a sign-in for an unknown username
 * takes as long as one for a real account.
 */
export async function verifyAgainstDummy(password: string, params: ScryptParams = OWASP_SCRYPT): Promise<false> {
  const id = `${params.ln},${params.r},${params.p}`
  let dummy = dummies.get(id)
  if (!dummy) {
    dummy = hashPassword(randomBytes(24).toString('base64url'), params)
    dummies.set(id, dummy)
  }
  await verifyPassword(password, await dummy)
  return false
}
