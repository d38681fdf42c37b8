// Attacks on the actions, each called as the server calls it, with a real request against a real
// migrated database: cross-site posts, open redirects, session fixation and a login flood.
process.env.FORM_RATE_LIMIT = '100000000'

import { eq, getTableName, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import * as schema from '../../db/schema/index'
import { seedRequestPair } from '../support/requests'
import { answerOf, loadContext, type Handler } from './support/actions'
import { connectDatabase, database, disconnectDatabase } from '~/lib/platform/db.server'
import { randomToken } from '~/lib/forms/shared'
import { createSession, readSession } from '~/lib/staff/sessions.server'
import { createStaff } from '~/lib/staff/staff.server'
import * as register from '~/routes/academy/register'
import * as content from '~/routes/admin/content'
import * as integrations from '~/routes/admin/integrations'
import * as layoutEditor from '~/routes/admin/layout-editor'
import * as login from '~/routes/admin/login'
import * as logout from '~/routes/admin/logout'
import * as media from '~/routes/admin/media'
import * as patientDetail from '~/routes/admin/patient-detail'
import * as settings from '~/routes/admin/settings'
import * as setup from '~/routes/admin/setup'
import * as staffScreen from '~/routes/admin/staff'
import * as studentDetail from '~/routes/admin/student-detail'
import * as theme from '~/routes/admin/theme'
import * as appointment from '~/routes/clinic/appointment'
import * as clinicHome from '~/routes/clinic/home'
import * as setLanguage from '~/routes/set-language'
import { LONG_RUN_TIMEOUT } from '../support/long-runs'
import * as layout from '~/routes/admin/admin-layout'
import { afterMiddleware } from '../support/middleware'

/** A screen in the admin shell, behind the shell's middleware (the origin, the session, the staff context). */
const inShell = (handler: unknown): Handler => afterMiddleware(layout.middleware, handler)

const ORIGIN = 'http://localhost:3000'
const ADMIN = { username: 'attack-admin', displayName: 'Attack Admin', role: 'admin' as const, password: 'tangerine orbit 61 willow' }
let adminId = 0
let adminCookie = ''
/** The account's password hash at a low scrypt cost, so that a thousand checks take seconds. */
let cheapHash = ''
let patientId = 0
let studentId = 0

beforeAll(async () => {
  await connectDatabase({ memory: true })
  const db = await database()
  const created = await createStaff(db, ADMIN, { params: { ln: 10, r: 8, p: 1 } })
  if (!created.ok) throw new Error(created.problem)
  adminId = created.id
  cheapHash = (await db.select({ hash: schema.staff.passwordHash }).from(schema.staff).where(eq(schema.staff.id, adminId)))[0]!.hash
  adminCookie = `staff_session=${await createSession(db, adminId)}`
  ;({ appointmentId: patientId, registrationId: studentId } = await seedRequestPair(db))
})

afterAll(async () => {
  await disconnectDatabase()
})

/**
 * A successful sign-in upgrades the hash to the full cost (128 MiB, about a second here); the
 * tests sign in many times, so the cheap hash is put back after each (the cost is not under test).
 */
async function restoreCheapHash(): Promise<void> {
  await (await database()).update(schema.staff).set({ passwordHash: cheapHash }).where(eq(schema.staff.id, adminId))
}
afterEach(restoreCheapHash)

function post(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, ...headers },
    body: new URLSearchParams(form).toString(),
  })
}

/** Every table's rows, for "nothing changed" (sessions without their last-seen time, which reads update). */
async function snapshot(): Promise<string> {
  const db = await database()
  const tables = Object.values(schema).filter((value) => value && typeof value === 'object' && Symbol.for('drizzle:Name') in value)
  const dump: Record<string, unknown> = {}
  for (const table of tables) {
    const name = getTableName(table as never)
    const result = (await db.execute(sql`select * from ${sql.identifier(name)} order by 1`)) as unknown as {
      rows: Array<Record<string, unknown>>
    }
    const rows = result.rows
    dump[name] = rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !/last_seen|lastSeen/.test(column))))
  }
  return JSON.stringify(dump)
}

describe('a post from another site', () => {
  const token = randomToken()
  const actions: Array<[string, Handler, string, Record<string, string>, Record<string, string>?]> = [
    [
      'appointment',
      appointment.action as Handler,
      '/clinic/appointment',
      { token, website: '', name: 'Evil', phone: '0701234567', date: '2030-01-01' },
    ],
    ['clinic home', clinicHome.action as Handler, '/clinic', { token, website: '', name: 'Evil', phone: '0701234567', date: '2030-01-01' }],
    [
      'registration',
      register.action as Handler,
      '/academy/register',
      { token, website: '', name: 'Evil', phone: '0701234567', email: 'e@example.org', address: 'A', education: 'E' },
    ],
    ['language', setLanguage.action as Handler, '/set-language', { lang: 'fa', redirectTo: '/clinic' }],
    ['login', login.action as Handler, '/admin/login', { username: ADMIN.username, password: ADMIN.password }],
    ['logout', logout.action as Handler, '/admin/logout', {}],
    [
      'setup',
      setup.action as Handler,
      '/admin/setup',
      {
        token: 'x'.repeat(40),
        username: 'evil',
        displayName: 'Evil',
        password: 'granite falcon 88 meadow',
        confirm: 'granite falcon 88 meadow',
      },
    ],
    [
      'staff',
      inShell(staffScreen.action),
      '/admin/staff',
      { intent: 'create', username: 'evil', displayName: 'Evil', role: 'admin', password: 'granite falcon 88 meadow' },
    ],
    ['patient', inShell(patientDetail.action), '/admin/patients/x', { intent: 'status', status: 'cancelled' }, { id: 'patient' }],
    ['patient delete', inShell(patientDetail.action), '/admin/patients/x', { intent: 'delete', confirm: 'yes' }, { id: 'patient' }],
    ['student', inShell(studentDetail.action), '/admin/students/x', { intent: 'delete', confirm: 'yes' }, { id: 'student' }],
    ['theme', inShell(theme.action), '/admin/theme', { clinicPrimary: '#000000', academyPrimary: '#000000', font: 'Lato', baseSize: '16' }],
    ['content', inShell(content.action), '/admin/content', { intent: 'save', version: '', 'clinic.hero.title.en': 'Evil' }],
    ['layout', inShell(layoutEditor.action), '/admin/layout', { intent: 'save', order: 'hero' }],
    [
      'settings',
      inShell(settings.action),
      '/admin/settings',
      { phone: '0799999999', clinicEmail: 'x@example.com', academyEmail: 'x@example.com' },
    ],
    [
      'integrations',
      inShell(integrations.action),
      '/admin/integrations',
      { mapsEnabled: 'on', mapsApiKey: 'AIzaEvil', whatsappNumber: '0799999999' },
    ],
    ['media', inShell(media.action), '/admin/media', { intent: 'delete', id: '1' }],
  ]
  const foreign: Array<[string, Record<string, string>]> = [
    ['a foreign Origin', { Origin: 'https://evil.example' }],
    ['an Origin that only starts like ours', { Origin: `${ORIGIN}.evil.example` }],
    ['a null Origin', { Origin: 'null' }],
    ['no Origin and Sec-Fetch-Site cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['no Origin and Sec-Fetch-Site same-site', { 'Sec-Fetch-Site': 'same-site' }],
  ]

  it.each(actions)('to %s is refused and changes nothing', async (_, handler, path, form, params) => {
    for (const [label, headers] of foreign) {
      const before = await snapshot()
      const request = post(path, form, { Cookie: adminCookie, ...headers })
      if (!('Origin' in headers)) request.headers.delete('Origin')
      const id = params?.id === 'patient' ? String(patientId) : params?.id === 'student' ? String(studentId) : undefined
      const answer = await answerOf(handler, { request, params: id ? { id } : {}, context: loadContext() })
      expect(answer.status, `${path} with ${label}`).toBe(403)
      expect(answer.response?.headers.get('set-cookie') ?? null, `${path} with ${label} sets no cookie`).toBeNull()
      expect(await snapshot(), `${path} with ${label} changed the database`).toBe(before)
    }
  })
})

describe('open redirects', () => {
  const ESCAPES = [
    '//evil.example',
    '//evil.example/admin/dashboard',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example',
    'http:evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '%2F%2Fevil.example',
    '/admin/../..//evil.example',
    '/admin//evil.example',
    '/admin/\\/evil.example',
    'javascript:alert(1)',
    '/admin/dashboard\r\nLocation: https://evil.example',
    '/\t/evil.example',
    ' //evil.example',
    '/admin/dashboard@evil.example',
  ]

  /** Where a browser goes with this Location header, from a page of the site. */
  function destination(location: string | null): URL {
    expect(location).toBeTruthy()
    expect(location, 'a Location header fit for HTTP').toMatch(/^[\x21-\x7e]+$/)
    return new URL(location!, `${ORIGIN}/admin/login`)
  }

  it.each(ESCAPES)('login with redirectTo %j stays on the site', async (target) => {
    const answer = await answerOf(login.action as Handler, {
      request: post('/admin/login', { username: ADMIN.username, password: ADMIN.password, redirectTo: target }),
      context: loadContext(`198.51.100.${Math.floor(Math.random() * 250)}`),
    })
    expect(answer.status).toBe(302)
    const url = destination(answer.response!.headers.get('location'))
    expect(url.origin).toBe(ORIGIN)
    expect(url.pathname.startsWith('/admin/')).toBe(true)
  })

  it.each(ESCAPES)('the login page of a signed-in member with ?redirectTo=%j stays on the site', async (target) => {
    const request = new Request(`${ORIGIN}/admin/login?redirectTo=${encodeURIComponent(target)}`, { headers: { Cookie: adminCookie } })
    const answer = await answerOf(login.loader as Handler, { request, params: {}, context: loadContext() })
    expect(answer.status).toBe(302)
    expect(destination(answer.response!.headers.get('location')).origin).toBe(ORIGIN)
  })

  it.each(ESCAPES)('the language switcher with redirectTo %j stays on the site', async (target) => {
    const answer = await answerOf(setLanguage.action as Handler, {
      request: post('/set-language', { lang: 'fa', redirectTo: target }),
      params: {},
      context: loadContext(),
    })
    expect(answer.status).toBe(302)
    expect(destination(answer.response!.headers.get('location')).origin).toBe(ORIGIN)
  })
})

describe('sessions', () => {
  function sessionFrom(answer: { response: Response | null }): string {
    const cookie = answer.response?.headers.get('set-cookie') ?? ''
    const match = /staff_session=([^;]*)/.exec(cookie)
    expect(match, 'a session cookie').toBeTruthy()
    return match![1]!
  }

  it('a session id planted before sign-in is not the one after it (fixation)', async () => {
    const db = await database()
    for (const planted of ['attacker-chosen-session-id-0123456789abcdef', await createSession(db, adminId)]) {
      const answer = await answerOf(login.action as Handler, {
        request: post('/admin/login', { username: ADMIN.username, password: ADMIN.password }, { Cookie: `staff_session=${planted}` }),
        context: loadContext('192.0.2.10'),
      })
      expect(answer.status).toBe(302)
      const issued = sessionFrom(answer)
      expect(issued).not.toBe(planted)
      expect(issued.length).toBeGreaterThanOrEqual(32)
      expect(await readSession(db, issued)).not.toBeNull()
    }
    // A made-up id never becomes a session.
    expect(await readSession(db, 'attacker-chosen-session-id-0123456789abcdef')).toBeNull()
  })

  it('1,000 failed sign-ins from other addresses do not keep the administrator out', { timeout: LONG_RUN_TIMEOUT }, async () => {
    const attempt = (password: string, address: string) =>
      answerOf(login.action as Handler, {
        request: post('/admin/login', { username: ADMIN.username, password }),
        context: loadContext(address),
      })
    const outcomes: number[] = []
    let failures = 0
    // 200 addresses, five wrong passwords each, in bursts of 5 at once (within the number the
    // server checks at once, sign-in-gate.server.ts); the real administrator signs in from their
    // own address after every 250.
    for (let round = 0; round < 200; round++) {
      const burst = Array.from({ length: 5 }, (_, i) => {
        const n = round * 5 + i
        return attempt(`wrong password ${n}`, `203.0.113.${n % 200}`)
      })
      const answers = await Promise.all(burst)
      for (const answer of answers) {
        expect(answer.status, 'a wrong password is refused, never a server error').toBeGreaterThanOrEqual(400)
        expect(answer.status).toBeLessThan(500)
      }
      failures += answers.length
      if (failures % 250 === 0) {
        const real = await attempt(ADMIN.password, '192.0.2.44')
        outcomes.push(real.status)
        await restoreCheapHash()
      }
    }
    expect(failures).toBe(1000)
    expect(outcomes, 'the administrator signs in from an address that has not failed').toEqual([302, 302, 302, 302])
  })
})
