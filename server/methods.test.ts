import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest } from '../tests/support/raw-http'
import { allowedMethods, refuseConnect } from './methods'

let server: Server
let port: number
let folder: string

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'methods-'))
  writeFileSync(path.join(folder, 'favicon.ico'), 'icon')
  const app = express()
  app.use(allowedMethods)
  app.use(express.static(folder))
  // Stands for the application: it would fail on a method it was never meant to see.
  app.use((req, res) => {
    if (!['GET', 'HEAD', 'POST'].includes(req.method)) throw new Error(`unexpected ${req.method}`)
    res.send(`${req.method} ${req.path}`)
  })
  server = createServer(app)
  server.on('connect', refuseConnect)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  rmSync(folder, { recursive: true, force: true })
})

describe('allowed methods', () => {
  it('GET, HEAD and POST go through, static files included', async () => {
    const base = `http://127.0.0.1:${port}`
    expect(await (await fetch(`${base}/favicon.ico`)).text()).toBe('icon')
    expect((await fetch(`${base}/favicon.ico`, { method: 'HEAD' })).status).toBe(200)
    expect(await (await fetch(`${base}/admin/login`, { method: 'POST', body: 'a=1' })).text()).toBe('POST /admin/login')
  })

  it.each(['TRACE', 'PUT', 'PATCH', 'DELETE', 'PROPFIND', 'MKCOL', 'LOCK'])(
    '%s: 405 with Allow on pages, forms and static files',
    async (method) => {
      for (const target of ['/', '/admin/login', '/fa/clinic/appointment', '/favicon.ico', '/assets/entry.client-abc123.js']) {
        const answer = await rawRequest({ port, method, path: target, headers: { Connection: 'close' } })
        expect({ target, status: answer.status, allow: answer.headers.allow }).toEqual({
          target,
          status: 405,
          allow: 'GET, HEAD, POST, OPTIONS',
        })
        expect(answer.body).toMatch(/^Method not allowed/)
      }
    },
  )

  it('OPTIONS: 204 with Allow and no CORS permission', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/admin/login`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'POST' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS')
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('CONNECT: 405 too, not a dropped connection', async () => {
    const answer = await rawRequest({ port, method: 'CONNECT', path: 'clinic.example:443' })
    expect(answer).toMatchObject({ status: 405, error: null })
    expect(answer.headers.allow).toBe('GET, HEAD, POST, OPTIONS')
  })

  it('a refused method with a large body: the 405 arrives, never a reset', async () => {
    for (const chunked of [false, true]) {
      const answer = await rawRequest({ port, method: 'PUT', path: '/admin/login', size: 8 * 1024 * 1024, chunked })
      expect({ chunked, status: answer.status, error: answer.error }).toEqual({ chunked, status: 405, error: null })
      expect(answer.headers.connection).toBe('close')
    }
  })
})
