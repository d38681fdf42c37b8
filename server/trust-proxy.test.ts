import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { parseEnv } from '~/lib/platform/env.server'
import { loadContext } from './load-context'
import { expressHandler } from './request-handler'
import { requestInfo } from '~/lib/platform/request-context'

let server: Server | undefined

afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  server = undefined
})

/** The server as server.js builds it: TRUST_PROXY on the outer app, the application mounted inside. */
async function serverWith(TRUST_PROXY: string | undefined): Promise<string> {
  const outer = express()
  outer.set('trust proxy', parseEnv({ TRUST_PROXY }).TRUST_PROXY)
  const application = express()
  application.use(
    expressHandler(async (request, context) => Response.json({ clientAddress: context.get(requestInfo).clientAddress, url: request.url }), {
      getLoadContext: loadContext,
      bodyLimit: () => 1024,
      payloadTooLarge: (_req, res) => void res.status(413).end(),
    }),
  )
  outer.use(application)
  server = createServer(outer)
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

async function addressSeen(base: string, forwardedFor?: string): Promise<string> {
  const response = await fetch(`${base}/clinic/appointment`, { headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {} })
  return ((await response.json()) as { clientAddress: string }).clientAddress
}

describe('the client address the application sees', () => {
  it('without TRUST_PROXY: the connection, whatever X-Forwarded-For says', async () => {
    const base = await serverWith(undefined)
    expect(await addressSeen(base)).toBe('127.0.0.1')
    expect(await addressSeen(base, '203.0.113.9')).toBe('127.0.0.1')
  })

  it('TRUST_PROXY=1 (one proxy that appends): the address the proxy saw; a forged first entry changes nothing', async () => {
    const base = await serverWith('1')
    // The proxy appends the address it saw to whatever the client sent.
    expect(await addressSeen(base, '198.51.100.20')).toBe('198.51.100.20')
    expect(await addressSeen(base, '10.9.9.9, 198.51.100.20')).toBe('198.51.100.20')
    expect(await addressSeen(base, '1.1.1.1, 2.2.2.2, 198.51.100.20')).toBe('198.51.100.20')
  })

  it('TRUST_PROXY=2 (a CDN, then a proxy): the address the CDN saw', async () => {
    const base = await serverWith('2')
    // Client → CDN (appends the client) → proxy (appends the CDN's address) → server.
    expect(await addressSeen(base, '198.51.100.20, 192.0.2.50')).toBe('198.51.100.20')
    expect(await addressSeen(base, '6.6.6.6, 198.51.100.20, 192.0.2.50')).toBe('198.51.100.20')
  })

  it('the forwarded host is used for the request URL only behind a trusted proxy', async () => {
    const direct = await serverWith('0')
    const seen = await fetch(`${direct}/x`, { headers: { 'X-Forwarded-Host': 'clinic.example', 'X-Forwarded-Proto': 'https' } })
    expect(((await seen.json()) as { url: string }).url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/x$/)
    await new Promise((resolve) => server?.close(resolve))
    server?.closeAllConnections()
    const proxied = await serverWith('1')
    const behind = await fetch(`${proxied}/x`, { headers: { 'X-Forwarded-Host': 'clinic.example', 'X-Forwarded-Proto': 'https' } })
    expect(((await behind.json()) as { url: string }).url).toBe('https://clinic.example/x')
  })
})

describe('the forwarded scheme', () => {
  it('an address in X-Forwarded-Proto does not change the page asked for', async () => {
    const base = await serverWith('1')
    const response = await fetch(`${base}/clinic/about`, { headers: { 'X-Forwarded-Proto': 'http://x/clinic/contact#' } })
    expect(((await response.json()) as { url: string }).url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/clinic\/about$/)
  })

  it('made-up values give the connection’s own scheme, so they cannot make pages of their own', async () => {
    const base = await serverWith('1')
    const schemes = new Set<string>()
    for (const value of ['gopher', 'x-1', 'x-2', 'HTTPS', 'https ', 'ftp', '']) {
      const response = await fetch(`${base}/clinic/about`, { headers: value ? { 'X-Forwarded-Proto': value } : {} })
      schemes.add(new URL(((await response.json()) as { url: string }).url).protocol)
    }
    expect([...schemes].sort()).toEqual(['http:', 'https:'])
  })
})
