import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.server'

describe('parseEnv', () => {
  it('needs nothing: the defaults serve the embedded database on port 3000', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      PUBLIC_URL: 'http://localhost:3000',
      TRUST_PROXY: 0,
      FORM_RATE_LIMIT: 5,
      FORM_RATE_WINDOW_SECONDS: 600,
    })
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('reads numbers from their text', () => {
    const env = parseEnv({ PORT: '8080', TRUST_PROXY: '1', FORM_RATE_LIMIT: '20', NODE_ENV: 'production' })
    expect(env).toMatchObject({ PORT: 8080, TRUST_PROXY: 1, FORM_RATE_LIMIT: 20, NODE_ENV: 'production' })
    expect(env.PUBLIC_URL).toBe('http://localhost:8080')
  })

  it('SERVICE_WORKER is on unless set to off, and nothing else is accepted', () => {
    expect(parseEnv({}).SERVICE_WORKER).toBe('on')
    expect(parseEnv({ SERVICE_WORKER: 'off' }).SERVICE_WORKER).toBe('off')
    expect(() => parseEnv({ SERVICE_WORKER: 'false' })).toThrow(/SERVICE_WORKER: must be on or off/)
  })

  it('SMTP_ALLOW_PLAIN_LOCAL is for a mail relay on this machine only', () => {
    expect(parseEnv({}).SMTP_ALLOW_PLAIN_LOCAL).toBe(false)
    for (const host of ['127.0.0.1:25', 'localhost:25', '[::1]:25']) {
      expect(parseEnv({ SMTP_URL: `smtp://${host}`, SMTP_ALLOW_PLAIN_LOCAL: '1' }).SMTP_ALLOW_PLAIN_LOCAL).toBe(true)
    }
    expect(() => parseEnv({ SMTP_URL: 'smtp://user:pw@mail.example:587', SMTP_ALLOW_PLAIN_LOCAL: '1' })).toThrow(
      /SMTP_ALLOW_PLAIN_LOCAL: only for a mail relay on this machine/,
    )
    expect(() => parseEnv({ SMTP_ALLOW_PLAIN_LOCAL: 'yes' })).toThrow(/SMTP_ALLOW_PLAIN_LOCAL: must be 1/)
  })

  it('TRUST_PROXY is the number of reverse proxies in front of the server', () => {
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(0)
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
  })

  it.each(['true', 'false', 'yes', '-1', '1.5', 'loopback'])('refuses TRUST_PROXY=%s, asking for a number', (TRUST_PROXY) => {
    expect(() => parseEnv({ TRUST_PROXY })).toThrow(/TRUST_PROXY: must be the number of reverse proxies in front of the server: 0 for none/)
  })

  it.each(['eighty', '0', '65536', '80.5', '-1'])('refuses PORT=%s, naming the variable', (PORT) => {
    expect(() => parseEnv({ PORT })).toThrow(/Invalid environment configuration:\n {2}PORT: /)
  })

  it.each(['mysql://db.example/clinic', 'db.example:5432', 'http://db.example'])('refuses DATABASE_URL=%s', (DATABASE_URL) => {
    expect(() => parseEnv({ DATABASE_URL })).toThrow('DATABASE_URL: must start with postgres:// or postgresql://')
  })

  it('accepts both PostgreSQL URL schemes', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://app@db.example:5432/clinic' }).DATABASE_URL).toBe('postgres://app@db.example:5432/clinic')
    expect(parseEnv({ DATABASE_URL: 'postgresql://app@db.example/clinic' }).DATABASE_URL).toBe('postgresql://app@db.example/clinic')
  })

  it('drops a trailing slash from PUBLIC_URL, so paths can be appended', () => {
    expect(parseEnv({ PUBLIC_URL: 'https://clinic.example/' }).PUBLIC_URL).toBe('https://clinic.example')
    expect(parseEnv({ PUBLIC_URL: 'https://clinic.example' }).PUBLIC_URL).toBe('https://clinic.example')
    expect(parseEnv({ PUBLIC_URL: 'https://example.org/kabul/' }).PUBLIC_URL).toBe('https://example.org/kabul')
  })

  it.each(['clinic.example', 'ftp://clinic.example', 'https//clinic.example'])('refuses PUBLIC_URL=%s', (PUBLIC_URL) => {
    expect(() => parseEnv({ PUBLIC_URL })).toThrow(/PUBLIC_URL: /)
  })

  it('lists every invalid variable at once', () => {
    let message = ''
    try {
      parseEnv({ PORT: 'x', TRUST_PROXY: 'yes', FORM_RATE_LIMIT: '0' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(/PORT: /)
    expect(message).toMatch(/TRUST_PROXY: /)
    expect(message).toMatch(/FORM_RATE_LIMIT: /)
  })
})
