import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StaffRole } from '~db/schema'
import { connectDatabase, database, disconnectDatabase } from '~/lib/platform/db.server'
import { DEFAULT_ACADEMY_LAYOUT, DEFAULT_HOMEPAGE_LAYOUT } from '~/lib/site/site-data'
import { DEFAULT_SITE_SETTINGS } from '~/lib/site/site-settings'
import { getSiteSettings } from '~/lib/site/published-site.server'
import { readDocument, saveDocument } from '~/lib/site/site-documents.server'
import { createSession } from '~/lib/staff/sessions.server'
import { createStaff } from '~/lib/staff/staff.server'
import { editor as en } from '~/locales/en/editor'
import * as integrations from './integrations'
import * as layoutEditor from './layout-editor'
import * as settings from './settings'
import * as theme from './theme'
import { requestContext } from '~/lib/platform/request-context'
import { afterMiddleware } from '../../../tests/support/middleware'
import * as layout from './admin-layout'

// The editor screens that save a whole document (theme, layout, settings, integrations), called as
// the server would: who may open them, a save over a newer version, the layout's one rule, and
// what the settings screen and the public site make of the Dari and Pashto addresses.

const ORIGIN = 'http://localhost:3000'
const cookies: Partial<Record<StaffRole, string>> = {}
let adminId = 0

type Handler = (args: never) => Promise<unknown> | unknown

interface Answer {
  status: number
  body: Record<string, unknown>
}

/** Calls a loader, or posts `form` whole (its end field last, as a loaded page sends it) unless `cutShort`. */
async function call(
  handler: Handler,
  path: string,
  role: StaffRole,
  form?: Record<string, string | string[]>,
  { cutShort = false } = {},
): Promise<Answer> {
  const headers = new Headers({ Accept: '*/*', 'Sec-Fetch-Mode': 'cors', Cookie: cookies[role]! })
  let body: URLSearchParams | undefined
  if (form) {
    headers.set('Origin', ORIGIN)
    body = new URLSearchParams()
    for (const [name, value] of Object.entries(form)) for (const one of [value].flat()) body.append(name, one)
    if (!cutShort) body.append('formEnd', '1')
  }
  const request = new Request(`${ORIGIN}${path}`, { method: form ? 'POST' : 'GET', headers, body })
  const args = { request, params: {}, context: requestContext({ nonce: '', clientAddress: '127.0.0.1' }) } as never
  try {
    // As the server calls it: behind the admin shell's middleware.
    return unwrap(await afterMiddleware(layout.middleware, handler)(args as never))
  } catch (thrown) {
    return unwrap(thrown)
  }
}

function unwrap(result: unknown): Answer {
  if (result && typeof result === 'object' && 'init' in result && 'data' in result) {
    const { init, data } = result as { init: { status?: number } | null; data: Record<string, unknown> }
    return { status: init?.status ?? 200, body: data }
  }
  if (result instanceof Response) return { status: result.status, body: {} }
  return { status: 200, body: result as Record<string, unknown> }
}

const SETTINGS_FORM = {
  phone: '0701234567',
  clinicEmail: 'clinic@example.org',
  academyEmail: 'academy@example.org',
  'address.en': 'Street 4, Karte Char, Kabul',
  'address.fa': '',
  'address.ps': '',
  postalCode: '1006',
  latitude: '34.5',
  longitude: '69.2',
  facebook: '',
  instagram: '',
  youtube: '',
  linkedin: '',
}

beforeAll(async () => {
  await connectDatabase({ memory: true })
  const db = await database()
  for (const role of ['admin', 'editor'] as const) {
    const created = await createStaff(
      db,
      { username: `saves-${role}`, displayName: `Saves ${role}`, role, password: 'tangerine orbit 61 willow' },
      { params: { ln: 10, r: 8, p: 1 } },
    )
    if (!created.ok) throw new Error(created.problem)
    if (role === 'admin') adminId = created.id
    cookies[role] = `staff_session=${await createSession(db, created.id)}`
  }
})

afterAll(async () => {
  await disconnectDatabase()
})

describe('before anything was published', () => {
  it.each([
    ['theme', theme, en.unpublished.theme],
    ['layout', layoutEditor, en.unpublished.layout],
    ['settings', settings, en.unpublished.settings],
    ['integrations', integrations, en.unpublished.integrations],
  ] as const)('the %s screen says what the public site shows, not "built-in texts"', async (name, screen, text) => {
    const opened = await call(screen.loader as Handler, `/admin/${name}`, 'admin')
    expect(opened.body.status).toBe(text)
    expect(opened.body.status).not.toBe(en.common.neverSaved)
  })
})

describe('integrations (where patients’ messages go)', () => {
  it('are for administrators only: an editor gets 403 from the screen and from a save', async () => {
    expect((await call(integrations.loader as Handler, '/admin/integrations', 'editor')).status).toBe(403)
    const save = await call(integrations.action as Handler, '/admin/integrations', 'editor', { whatsappNumber: '0799999999' })
    expect(save.status).toBe(403)
    expect(await readDocument(await database(), 'integrations')).toBeNull()
    expect((await call(integrations.loader as Handler, '/admin/integrations', 'admin')).status).toBe(200)
  })
})

describe('a save over a version published meanwhile', () => {
  const screens = [
    {
      name: 'theme',
      screen: theme,
      form: { clinicPrimary: '#0f766e', academyPrimary: '#c2410c', font: 'Inter', baseSize: '16' },
    },
    { name: 'settings', screen: settings, form: SETTINGS_FORM },
    { name: 'integrations', screen: integrations, form: { whatsappNumber: '0791234567', notifyOnAppointment: 'on' } },
    { name: 'layout', screen: layoutEditor, form: { intent: 'save', order: DEFAULT_HOMEPAGE_LAYOUT.map((s) => s.id), visible: 'hero' } },
  ] as const

  it.each(screens)('is refused on the $name screen with 409, the editor’s values kept', async ({ name, screen, form }) => {
    const path = `/admin/${name}`
    const opened = await call(screen.loader as Handler, path, 'admin')
    const version = opened.body.version as number | null
    // Someone else publishes first (by the screen itself, so the document is valid)...
    const first = await call(screen.action as Handler, path, 'admin', { ...form, version: version === null ? '' : String(version) })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const published = (await readDocument(await database(), name))!
    // ...then the editor who opened the same version saves.
    const late = await call(screen.action as Handler, path, 'admin', { ...form, version: version === null ? '' : String(version) })
    expect(late.status).toBe(409)
    expect((late.body.feedback as { title: string }).title).toBe(en.saveConflict.title)
    expect((late.body.feedback as { text: string }).text).toContain('Saves admin')
    if (name === 'layout') expect(late.body.draft).toBeTruthy()
    else expect(late.body.values).toBeTruthy()
    expect((await readDocument(await database(), name))!.version).toBe(published.version)
    // With the version it now shows, the save goes through.
    const again = await call(screen.action as Handler, path, 'admin', { ...form, version: String(published.version) })
    expect(again.status).toBe(200)
  })
})

describe('a tab pressed without JavaScript', () => {
  it("answers the theme's colours back unsaved, with the academy's tab open", async () => {
    const before = await readDocument(await database(), 'theme')
    const form = { clinicPrimary: '#0f766e', academyPrimary: 'not a colour', font: 'Inter', baseSize: '16', site: 'academy' }
    const answer = await call(theme.action as Handler, '/admin/theme', 'editor', form)
    expect(answer.status).toBe(200)
    expect(answer.body.tab).toBe('academy')
    expect(answer.body.errors).toEqual({})
    expect(answer.body.values).toMatchObject({ clinicPrimary: '#0f766e', academyPrimary: 'not a colour' })
    expect((await readDocument(await database(), 'theme'))?.version).toBe(before?.version)
  })
})

describe('the layout', () => {
  it('refuses to hide every section (400), keeps the choices and publishes nothing', async () => {
    const before = await readDocument(await database(), 'layout')
    const order = DEFAULT_HOMEPAGE_LAYOUT.map((s) => s.id)
    const answer = await call(layoutEditor.action as Handler, '/admin/layout', 'editor', { intent: 'save', order: [...order].reverse() })
    expect(answer.status).toBe(400)
    expect((answer.body.feedback as { text: string }).text).toBe(en.layoutRules.noneVisible)
    expect(answer.body.draft).toEqual([...order].reverse().map((id) => ({ id, visible: false })))
    expect((await readDocument(await database(), 'layout'))?.version).toBe(before?.version)
  })

  it('cannot be stored with every section hidden', async () => {
    const hidden = DEFAULT_HOMEPAGE_LAYOUT.map((s) => ({ ...s, visible: false }))
    await expect(saveDocument(await database(), 'layout', hidden, adminId)).rejects.toThrow()
  })
})

describe("the academy homepage's layout", () => {
  const order = DEFAULT_ACADEMY_LAYOUT.map((s) => s.id)

  it('opens with the next events hidden, and says so', async () => {
    const opened = await call(layoutEditor.loader as Handler, '/admin/layout?site=academy', 'editor')
    expect(opened.status).toBe(200)
    expect(opened.body.site).toBe('academy')
    expect(opened.body.sections).toEqual(DEFAULT_ACADEMY_LAYOUT)
    expect(opened.body.status).toBe(en.unpublished.academyLayout)
  })

  it("moves without JavaScript among the academy's sections only, then saves apart from the clinic's", async () => {
    const db = await database()
    const clinicBefore = await readDocument(db, 'layout')
    const form = { site: 'academy', order, visible: ['hero', 'strengths', 'courses'] }
    // A clinic section's button on the academy's list is no move: the list is saved as sent.
    const shown = await call(layoutEditor.action as Handler, '/admin/layout', 'editor', { ...form, intent: 'toggle:events' })
    expect(shown.status).toBe(200)
    expect(shown.body.draft).toEqual(order.map((id) => ({ id, visible: true })))
    const clinicList = await call(layoutEditor.action as Handler, '/admin/layout', 'editor', {
      ...form,
      order: DEFAULT_HOMEPAGE_LAYOUT.map((s) => s.id),
      intent: 'save',
    })
    expect(clinicList.status).toBe(400)
    const saved = await call(layoutEditor.action as Handler, '/admin/layout', 'editor', {
      ...form,
      order: ['hero', 'events', 'strengths', 'courses'],
      visible: ['hero', 'events', 'courses'],
      intent: 'save',
      version: '',
    })
    expect(saved.status).toBe(200)
    expect((await readDocument(db, 'academyLayout'))?.value).toEqual([
      { id: 'hero', visible: true },
      { id: 'events', visible: true },
      { id: 'strengths', visible: false },
      { id: 'courses', visible: true },
    ])
    expect((await readDocument(db, 'layout'))?.version).toBe(clinicBefore?.version)
    const reopened = await call(layoutEditor.loader as Handler, '/admin/layout?site=academy', 'editor')
    expect((reopened.body.sections as Array<{ id: string }>).map((s) => s.id)).toEqual(['hero', 'events', 'strengths', 'courses'])
  })
})

describe('the addresses in Dari and Pashto', () => {
  it('are not filled in with the built-in placeholders on the settings screen', async () => {
    const db = await database()
    const stored = await readDocument(db, 'settings')
    // As a clinic that saved only its English address over the built-in ones once did.
    await saveDocument(db, 'settings', { ...stored!.value, address: { ...DEFAULT_SITE_SETTINGS.address, en: 'Street 9, Kabul' } }, adminId)
    const screen = await call(settings.loader as Handler, '/admin/settings', 'editor')
    expect((screen.body.values as { address: unknown }).address).toEqual({ en: 'Street 9, Kabul', fa: '', ps: '' })
    // The public site shows the English address in Dari and Pashto, not the placeholder.
    const published = await getSiteSettings()
    expect(published.address).toEqual({ en: 'Street 9, Kabul', fa: '', ps: '' })
  })

  it('save empty, and the postal code is the one typed', async () => {
    const db = await database()
    const current = await readDocument(db, 'settings')
    const saved = await call(settings.action as Handler, '/admin/settings', 'editor', {
      ...SETTINGS_FORM,
      version: String(current!.version),
    })
    expect(saved.status).toBe(200)
    expect((await readDocument(db, 'settings'))!.value).toMatchObject({ address: { fa: '', ps: '' }, postalCode: '1006' })
  })

  it('settings saved before the postal code existed have none', async () => {
    const db = await database()
    const { postalCode: _dropped, ...older } = (await readDocument(db, 'settings'))!.value
    await saveDocument(db, 'settings', older as never, adminId)
    expect((await getSiteSettings()).postalCode).toBe('')
  })
})

describe('a form sent before its page had finished loading (no end field)', () => {
  const screens = [
    { name: 'theme', screen: theme, form: { clinicPrimary: '#0f766e', academyPrimary: '#c2410c', font: 'Inter', baseSize: '16' } },
    { name: 'settings', screen: settings, form: SETTINGS_FORM },
    { name: 'integrations', screen: integrations, form: { whatsappNumber: '0791234567' } },
    { name: 'layout', screen: layoutEditor, form: { intent: 'save', order: DEFAULT_HOMEPAGE_LAYOUT.map((s) => s.id), visible: 'hero' } },
  ] as const

  it.each(screens)('is refused on the $name screen with 400 and changes nothing', async ({ name, screen, form }) => {
    const before = await readDocument(await database(), name)
    const answer = await call(screen.action as Handler, `/admin/${name}`, 'admin', form, { cutShort: true })
    expect(answer.status).toBe(400)
    expect((answer.body.feedback as { text: string }).text).toBe(en.common.formCutShort)
    expect(await readDocument(await database(), name)).toEqual(before)
  })
})
