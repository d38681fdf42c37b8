// Generated bodies for the staff actions (sign-in, first-administrator setup, staff accounts and
// every site editor screen), sent as an administrator to the route actions with real requests
// against a real migrated database: every script, control characters (NUL too), markup, huge
// values, missing and repeated fields, unknown fields, both form encodings, JSON, plain text,
// untyped and broken multipart bodies, and uploads of random and polyglot bytes.
// Invariants: never a server error, and a session only for the right password.
//
// The seed is printed; FUZZ_SEED=<seed> repeats a run, FUZZ_STAFF_RUNS=<n> sends more.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  announceSeed,
  buildBody,
  encoding,
  expand,
  fuzzParameters,
  fuzzText,
  hugeText,
  STAFF_ACTION_RUNS,
  type Encoding,
  type Entries,
} from './support/fuzz'
import { answerOf, loadContext, type Handler } from './support/actions'
import { connectDatabase, database, disconnectDatabase } from '~/lib/platform/db.server'
import { createSession } from '~/lib/staff/sessions.server'
import { createStaff } from '~/lib/staff/staff.server'
import * as content from '~/routes/admin/content'
import * as integrations from '~/routes/admin/integrations'
import * as layoutEditor from '~/routes/admin/layout-editor'
import * as login from '~/routes/admin/login'
import * as media from '~/routes/admin/media'
import * as settings from '~/routes/admin/settings'
import * as setup from '~/routes/admin/setup'
import * as staffScreen from '~/routes/admin/staff'
import * as theme from '~/routes/admin/theme'
import { LONG_RUN_TIMEOUT } from '../support/long-runs'
import * as layout from '~/routes/admin/admin-layout'
import { afterMiddleware } from '../support/middleware'

/** A screen in the admin shell, behind the shell's middleware (the origin, the session, the staff context). */
const inShell = (handler: unknown): Handler => afterMiddleware(layout.middleware, handler)

const ORIGIN = 'http://localhost:3000'
const ADMIN = { username: 'fuzz-admin', displayName: 'Fuzz Admin', role: 'admin' as const, password: 'tangerine orbit 61 willow' }
let adminId = 0

beforeAll(async () => {
  announceSeed('staff actions')
  await connectDatabase({ memory: true })
  const created = await createStaff(await database(), ADMIN, { params: { ln: 10, r: 8, p: 1 } })
  if (!created.ok) throw new Error(created.problem)
  adminId = created.id
})

afterAll(async () => {
  await disconnectDatabase()
})

const LANGS = ['en', 'fa', 'ps']
const value = fc.oneof(
  { weight: 6, arbitrary: fuzzText(200) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('0', '-1', '999999', '1e309', 'NaN', 'on', 'true', '#000000', '#zzzzzz', 'Lato', '16', '0799999999'),
  },
)

interface ActionCase {
  name: string
  handler: Handler
  path: string
  fields: readonly string[]
  /** Values that lead the action past its first checks. */
  known?: Record<string, readonly string[]>
}

const CASES: ActionCase[] = [
  {
    name: 'login',
    handler: login.action as Handler,
    path: '/admin/login',
    fields: ['username', 'password', 'redirectTo'],
    known: { username: [ADMIN.username, 'FUZZ-ADMIN', ' fuzz-admin '] },
  },
  {
    name: 'setup',
    handler: setup.action as Handler,
    path: '/admin/setup',
    fields: ['token', 'displayName', 'username', 'password', 'confirm'],
  },
  {
    name: 'staff',
    handler: inShell(staffScreen.action),
    path: '/admin/staff',
    fields: ['intent', 'id', 'username', 'displayName', 'role', 'password'],
    known: { intent: ['create', 'disable', 'enable', 'reset'], role: ['admin', 'reception', 'academy', 'editor'] },
  },
  {
    name: 'theme',
    handler: inShell(theme.action),
    path: '/admin/theme',
    fields: ['clinicPrimary', 'academyPrimary', 'font', 'baseSize'],
    known: { font: ['Lato', 'Inter', 'Vazirmatn'] },
  },
  {
    name: 'content',
    handler: inShell(content.action),
    path: '/admin/content',
    fields: [
      'intent',
      'version',
      'versionId',
      ...LANGS.map((l) => `clinic.hero.title.${l}`),
      ...LANGS.map((l) => `academy.hero.title.${l}`),
    ],
    known: { intent: ['save', 'restore'] },
  },
  {
    name: 'layout',
    handler: inShell(layoutEditor.action),
    path: '/admin/layout',
    fields: ['intent', 'order', 'hidden', 'section'],
    known: { intent: ['save', 'up', 'down', 'hide', 'show'], order: ['hero', 'booking', 'services'] },
  },
  {
    name: 'settings',
    handler: inShell(settings.action),
    path: '/admin/settings',
    fields: [
      'phone',
      'clinicEmail',
      'academyEmail',
      ...LANGS.map((l) => `address.${l}`),
      'latitude',
      'longitude',
      'facebook',
      'instagram',
      'youtube',
      'linkedin',
    ],
  },
  {
    name: 'integrations',
    handler: inShell(integrations.action),
    path: '/admin/integrations',
    fields: ['mapsEnabled', 'mapsApiKey', 'whatsappNumber', 'notifyOnAppointment', 'notifyOnRegistration'],
  },
  {
    name: 'media',
    handler: inShell(media.action),
    path: '/admin/media',
    fields: ['intent', 'assetId', 'slot', 'alt'],
    known: { intent: ['upload', 'delete', 'assign'], slot: ['clinicHero', 'logo'] },
  },
]

/** Bytes an upload may carry: nothing, random bytes, or an image header followed by markup or script. */
const uploadBytes = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }),
  fc.constantFrom(
    new TextEncoder().encode('\x89PNG\r\n\x1a\n<script>alert(1)</script>'),
    new TextEncoder().encode('GIF89a/*<svg onload=alert(1)>*/=alert(1)//'),
    new TextEncoder().encode('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    new TextEncoder().encode('\xff\xd8\xff\xe0<html><script>alert(1)</script></html>'),
  ),
)

function bodyCase(action: ActionCase) {
  // An unknown username costs a full-price password hash (as a known one would): the login case
  // mostly names the account, whose test hash is cheap, so that its runs take seconds.
  const knownWeight = action.name === 'login' ? 15 : 3
  const field = (name: string) => {
    const known = action.known?.[name]
    const chosen = known ? fc.oneof({ weight: knownWeight, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: value }) : value
    return fc.record({
      value: fc.oneof({ weight: 8, arbitrary: chosen.map((v): string | undefined => v) }, { weight: 1, arbitrary: fc.constant(undefined) }),
      again: fc.oneof({ weight: 12, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: chosen }),
    })
  }
  return fc.record({
    fields: fc.record(Object.fromEntries(action.fields.map((name) => [name, field(name)]))),
    extra: fc.array(fc.tuple(fuzzText(12), fuzzText(30)), { maxLength: 2 }),
    huge: fc.oneof(
      { weight: 20, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...action.fields), hugeText) },
    ),
    encoding,
    // Mostly a whole form (its end field last, as a loaded page sends it), sometimes one cut short.
    end: fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    upload:
      action.name === 'media'
        ? fc.option(fc.tuple(uploadBytes, fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/html', '')), { nil: undefined })
        : fc.constant(undefined),
  })
}

type Body = {
  fields: Record<string, { value: string | undefined; again: string | undefined }>
  extra: Array<[string, string]>
  huge: [string, [string, number]] | undefined
  encoding: Encoding
  end: boolean
  upload: [Uint8Array, string] | undefined
}

async function requestFor(action: ActionCase, body: Body, cookie: string): Promise<Request> {
  const entries: Entries = []
  for (const [name, { value: first }] of Object.entries(body.fields)) {
    if (body.huge?.[0] === name) entries.push([name, expand(body.huge[1])])
    else if (first !== undefined) entries.push([name, first])
  }
  for (const [name, { again }] of Object.entries(body.fields)) if (again !== undefined) entries.push([name, again])
  entries.push(...body.extra)
  if (body.end) entries.push(['formEnd', '1'])
  const headers = { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie }
  if (body.upload && body.encoding === 'multipart') {
    const form = new FormData()
    for (const [name, v] of entries) form.append(name, v)
    form.append('file', new Blob([body.upload[0] as Uint8Array<ArrayBuffer>], { type: body.upload[1] }), 'upload.png')
    return new Request(`${ORIGIN}${action.path}`, { method: 'POST', body: form, headers })
  }
  const built = await buildBody(entries, body.encoding)
  return new Request(`${ORIGIN}${action.path}`, {
    method: 'POST',
    body: built.body,
    headers: built.contentType ? { ...headers, 'Content-Type': built.contentType } : headers,
  })
}

describe.each(CASES)('the $name action, fuzzed', (action) => {
  it(`answers ${STAFF_ACTION_RUNS} generated bodies without a server error`, { timeout: LONG_RUN_TIMEOUT }, async () => {
    const byStatus: Record<number, number> = {}
    await fc.assert(
      fc.asyncProperty(bodyCase(action), async (generated) => {
        const body = generated as Body
        // A fresh session each time: a generated reset or sign-out must not hide the later cases.
        const cookie = `staff_session=${await createSession(await database(), adminId)}`
        const request = await requestFor(action, body, cookie)
        const answer = await answerOf(action.handler, {
          request,
          params: {},
          context: loadContext(`203.0.113.${Math.floor(Math.random() * 250)}`),
        })
        byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1
        expect(answer.status, `a server error: ${answer.thrown ? String(answer.data) : ''}`).toBeLessThan(500)
        if (action.name === 'login') {
          const signedIn = /staff_session=[^;]+/.test(answer.response?.headers.get('set-cookie') ?? '')
          const form = body.encoding === 'urlencoded' || body.encoding === 'multipart'
          const right =
            form &&
            body.huge === undefined &&
            body.fields.username?.value !== undefined &&
            body.fields.username.value.trim().toLowerCase() === ADMIN.username &&
            body.fields.password?.value === ADMIN.password
          if (signedIn) expect(right, 'a session for a wrong password').toBe(true)
        }
      }),
      fuzzParameters(STAFF_ACTION_RUNS),
    )
    console.info(`[fuzz] ${action.name}: ${STAFF_ACTION_RUNS} bodies, statuses ${JSON.stringify(byStatus)}`)
  })
})
