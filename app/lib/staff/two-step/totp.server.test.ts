import { describe, expect, it } from 'vitest'
import { checkCode, codeAt, newTotpSecret, STEP_SECONDS, stepAt, totpUri } from './totp.server'

// RFC 6238, appendix B: the SHA-1 secret "12345678901234567890" in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'
const at = (seconds: number) => new Date(seconds * 1000)

describe('authenticator codes', () => {
  it('match the RFC 6238 test vectors (last six digits)', () => {
    expect(codeAt(RFC_SECRET, at(59))).toBe('287082')
    expect(codeAt(RFC_SECRET, at(1111111109))).toBe('081804')
    expect(codeAt(RFC_SECRET, at(1234567890))).toBe('005924')
  })

  it('accept the current step and one either side, nothing further', () => {
    const now = at(1_800_000_015)
    const step = stepAt(now)
    const codeOf = (offset: number) => codeAt(RFC_SECRET, at((step + offset) * STEP_SECONDS + 1))
    expect(checkCode(RFC_SECRET, codeOf(0), 0, now)).toEqual({ ok: true, step })
    expect(checkCode(RFC_SECRET, codeOf(-1), 0, now)).toEqual({ ok: true, step: step - 1 })
    expect(checkCode(RFC_SECRET, codeOf(1), 0, now)).toEqual({ ok: true, step: step + 1 })
    expect(checkCode(RFC_SECRET, codeOf(-2), 0, now)).toEqual({ ok: false, reason: 'wrong' })
    expect(checkCode(RFC_SECRET, codeOf(2), 0, now)).toEqual({ ok: false, reason: 'wrong' })
  })

  it('never accept a step at or before the last one used (the replay guard)', () => {
    const now = at(1_800_000_015)
    const step = stepAt(now)
    const code = codeAt(RFC_SECRET, now)
    expect(checkCode(RFC_SECRET, code, step, now)).toEqual({ ok: false, reason: 'reused' })
    expect(checkCode(RFC_SECRET, code, step + 1, now)).toEqual({ ok: false, reason: 'reused' })
    expect(checkCode(RFC_SECRET, code, step - 1, now)).toEqual({ ok: true, step })
    // An older code within the window is refused too once a later one was used.
    expect(checkCode(RFC_SECRET, codeAt(RFC_SECRET, at(now.getTime() / 1000 - STEP_SECONDS)), step, now)).toEqual({
      ok: false,
      reason: 'reused',
    })
  })

  it('refuse what is not six digits, and take spaces as typed', () => {
    const now = at(1_800_000_015)
    const code = codeAt(RFC_SECRET, now)
    expect(checkCode(RFC_SECRET, `${code.slice(0, 3)} ${code.slice(3)}`, 0, now).ok).toBe(true)
    for (const typed of ['', '12345', '1234567', 'abcdef', `${code}0`]) expect(checkCode(RFC_SECRET, typed, 0, now).ok).toBe(false)
  })

  it('make new 160-bit secrets and an otpauth address for the QR code', () => {
    const secret = newTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(newTotpSecret()).not.toBe(secret)
    const uri = totpUri(secret, 'desk.user', 'Kabul Dental')
    expect(uri).toMatch(/^otpauth:\/\/totp\/Kabul%20Dental:desk\.user\?/)
    expect(new URL(uri).searchParams.get('secret')).toBe(secret)
    expect(new URL(uri).searchParams.get('period')).toBe('30')
  })
})
