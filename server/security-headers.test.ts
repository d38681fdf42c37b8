import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '~/lib/platform/content-security-policy'
import { createNonce, securityHeaders } from './security-headers'

describe('contentSecurityPolicy', () => {
  it('allows scripts and styles only from this origin or with the nonce', () => {
    const policy = contentSecurityPolicy('abc123', { https: false })
    expect(policy).toContain("script-src 'self' 'nonce-abc123'")
    expect(policy).toContain("style-src 'self' 'nonce-abc123'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("object-src 'none'")
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/)
    expect(policy).not.toContain('upgrade-insecure-requests')
  })

  it('upgrades insecure requests behind HTTPS', () => {
    expect(contentSecurityPolicy('n', { https: true })).toContain('upgrade-insecure-requests')
  })
})

describe('createNonce', () => {
  it('is 128 random bits, new every time', () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce))
    expect(nonces.size).toBe(100)
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
  })
})

describe('securityHeaders', () => {
  let base = ''
  let server: ReturnType<ReturnType<typeof express>['listen']>

  beforeAll(async () => {
    server = express()
      .use(securityHeaders)
      .get('/', (_req, res) => {
        res.send(String(res.locals.nonce))
      })
      .listen(0, '127.0.0.1')
    await once(server, 'listening')
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('hands the response its nonce and sends the strict headers, HSTS only over HTTPS', async () => {
    const response = await fetch(`${base}/`)
    const nonce = await response.text()
    expect(response.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('strict-transport-security')).toBeNull()
    const again = await fetch(`${base}/`)
    expect(await again.text()).not.toBe(nonce)
  })
})
