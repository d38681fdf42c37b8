import { describe, expect, it } from 'vitest'
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes, RECOVERY_CODE_COUNT } from './recovery-codes.server'
import { openSecret, parseSecretKey, sealSecret } from './secret-box.server'

describe('recovery codes', () => {
  it('are ten distinct codes of ten characters, easy to read', () => {
    const codes = newRecoveryCodes()
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT)
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT)
    for (const code of codes) {
      expect(code).toMatch(/^[a-km-z2-9]{5}-[a-km-z2-9]{5}$/)
      expect(looksLikeRecoveryCode(code)).toBe(true)
    }
    expect(looksLikeRecoveryCode('123456')).toBe(false)
  })

  it('are stored as a hash that does not contain the code, the same however the code is typed', () => {
    const [code] = newRecoveryCodes()
    const hash = hashRecoveryCode(code!)
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(hash).not.toContain(code!.replace('-', ''))
    expect(hashRecoveryCode(` ${code!.toUpperCase().replace('-', ' ')} `)).toBe(hash)
    expect(hashRecoveryCode(newRecoveryCodes()[0]!)).not.toBe(hash)
  })
})

describe('the secret box', () => {
  const key = parseSecretKey(Buffer.alloc(32, 7).toString('base64'))

  it('encrypts with the key, so the stored text does not hold the secret', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXP', key)
    expect(sealed).toMatch(/^v1:/)
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(openSecret(sealed, key)).toBe('JBSWY3DPEHPK3PXP')
    expect(() => openSecret(sealed, parseSecretKey(Buffer.alloc(32, 8).toString('base64')))).toThrow()
    expect(() => openSecret(sealed, null)).toThrow(/STAFF_SECRET_KEY is not set/)
  })

  it('without a key stores the secret as it is, marked so', () => {
    expect(sealSecret('JBSWY3DPEHPK3PXP', null)).toBe('plain:JBSWY3DPEHPK3PXP')
    expect(openSecret('plain:JBSWY3DPEHPK3PXP', key)).toBe('JBSWY3DPEHPK3PXP')
  })

  it('refuses a key that is not 32 bytes', () => {
    expect(() => parseSecretKey('c2hvcnQ=')).toThrow(/32 bytes/)
    expect(parseSecretKey(undefined)).toBeNull()
  })
})
