import { describe, expect, it } from 'vitest'
import { unencryptedSecretsWarning } from './key.server'
import { parseSecretKey } from './secret-box.server'

describe('the warning about unencrypted authenticator secrets', () => {
  it('is given without STAFF_SECRET_KEY, and names the setting and how to make one', () => {
    const warning = unencryptedSecretsWarning(null)
    expect(warning).toContain('STAFF_SECRET_KEY is not set')
    expect(warning).toContain('openssl rand -base64 32')
  })

  it('is not given with a key', () => {
    expect(unencryptedSecretsWarning(parseSecretKey(Buffer.alloc(32, 1).toString('base64')))).toBeNull()
  })
})
