import { describe, expect, it } from 'vitest'
import {
  hashPassword,
  MAX_CONCURRENT_HASHES,
  needsRehash,
  OWASP_SCRYPT,
  verifyAgainstDummy,
  verifyPassword,
  withHashSlot,
} from './password.server'
import { checkPasswordStrength } from './password-rules.server'

const CHEAP = { ln: 10, r: 8, p: 1 }

describe('password hashing', () => {
  it('hashes with scrypt at OWASP parameters by default and verifies', async () => {
    const hash = await hashPassword('correct horse battery staple')
    expect(hash).toMatch(/^scrypt\$ln=17,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/)
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true)
    expect(await verifyPassword('correct horse battery stapl', hash)).toBe(false)
    expect(OWASP_SCRYPT).toEqual({ ln: 17, r: 8, p: 1 })
  })

  it('salts every hash', async () => {
    const a = await hashPassword('same password here', CHEAP)
    const b = await hashPassword('same password here', CHEAP)
    expect(a).not.toBe(b)
    expect(await verifyPassword('same password here', a)).toBe(true)
    expect(await verifyPassword('same password here', b)).toBe(true)
  })

  it('refuses malformed hashes and reports weak parameters', async () => {
    expect(await verifyPassword('anything at all', 'plain-text')).toBe(false)
    expect(await verifyPassword('anything at all', 'scrypt$ln=10,r=8,p=1$abc$def')).toBe(false)
    const cheap = await hashPassword('long enough pass', CHEAP)
    expect(needsRehash(cheap)).toBe(true)
    expect(needsRehash(cheap, CHEAP)).toBe(false)
  })

  it('checks unknown users against a dummy hash and always fails', async () => {
    expect(await verifyAgainstDummy('whatever it is', CHEAP)).toBe(false)
  })
})

describe('password rules', () => {
  it.each([
    ['short1!', 'tooShort'],
    ['x'.repeat(257) + 'Ab1', 'tooLong'],
    ['password1234', 'common'],
    ['Password2024!', 'common'],
    ['P@ssw0rd2024!', 'common'],
    ['passwordpassword', 'common'],
    ['iloveyou1234', 'common'],
    ['Kabul12345678', 'common'],
    ['aaaaaaaaaaaaaa', 'repetitive'],
    ['abcabcabcabcabc', 'repetitive'],
    ['121212121212', 'repetitive'],
    ['123456789012', 'sequence'],
    ['qwertyuiopasdf', 'sequence'],
    ['zxcvbnmasdfghjkl', 'sequence'],
    ['1qaz2wsx3edc4rfv', 'sequence'],
  ])('refuses %s (%s)', (password, problem) => {
    expect(checkPasswordStrength(password, 'reception1')).toBe(problem)
  })

  it('refuses a password containing the username', () => {
    expect(checkPasswordStrength('fatima.rahimi-garden-77', 'fatima.rahimi')).toBe('containsUsername')
    expect(checkPasswordStrength('Xx-MARYAM-spring-lamp', 'maryam')).toBe('containsUsername')
  })

  it('accepts long, uncommon passwords and passphrases', () => {
    expect(checkPasswordStrength('tulip river lantern 42', 'reception1')).toBeNull()
    expect(checkPasswordStrength('Gx7#pQ2v!Lm9wz', 'reception1')).toBeNull()
    expect(checkPasswordStrength('شیرین‌باغ‌کابل۱۴۰۳', 'reception1')).toBeNull()
  })
})

describe('the hashing slots', () => {
  /** Lets every pending promise callback run. */
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

  it('never lets a third hash in, even when a newcomer arrives as a slot is freed', async () => {
    let active = 0
    let peak = 0
    const finishers: Array<() => void> = []
    const work = () =>
      new Promise<void>((resolve) => {
        active++
        peak = Math.max(peak, active)
        finishers.push(() => {
          active--
          resolve()
        })
      })
    const jobs = [withHashSlot(work), withHashSlot(work), withHashSlot(work)]
    await settle()
    expect(active).toBe(MAX_CONCURRENT_HASHES)

    // One hash ends; newcomers arrive a few callbacks later, some before the queued job resumes.
    finishers.shift()!()
    let chain = Promise.resolve()
    for (let depth = 0; depth < 6; depth++) chain = chain.then(() => void jobs.push(withHashSlot(work)))
    await chain
    await settle()
    expect(peak).toBe(MAX_CONCURRENT_HASHES)

    for (let round = 0; round < 20 && finishers.length; round++) {
      finishers.shift()!()
      await settle()
      expect(active).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES)
    }
    await Promise.all(jobs)
    expect(jobs).toHaveLength(9)
    expect(peak).toBe(MAX_CONCURRENT_HASHES)
  })
})
