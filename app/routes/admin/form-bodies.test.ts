import { LONG_RUN_TIMEOUT } from '../../../tests/support/long-runs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointments, staff } from '~db/schema'
import { loadRequestList } from './+shared/requests.server'
import { connectDatabase, database, disconnectDatabase } from '~/lib/platform/db.server'
import { HOMEPAGE_SECTION_IDS } from '~/lib/site/site-data'
import { readDocument } from '~/lib/site/site-documents.server'
import { createSession } from '~/lib/staff/sessions.server'
import { issueSetupToken } from '~/lib/staff/first-admin.server'
import * as setLanguage from '../set-language'
import * as studentLogin from '../student-login'
import * as content from './content'
import * as integrations from './integrations'
import * as layoutEditor from './layout-editor'
import * as login from './login'
import * as media from './media'
import * as patientDetail from './patient-detail'
import * as postEditor from './post-editor'
import * as settings from './settings'
import * as setup from './setup'
import * as staffScreen from './staff'
import * as studentDetail from './student-detail'
import * as theme from './theme'
import { requestContext } from '~/lib/platform/request-context'
import { staffOf } from '~/lib/staff/staff-context.server'
import { afterMiddleware } from '../../../tests/support/middleware'
import * as layout from './admin-layout'

// Every staff and editor action, and the two small public ones, sent bodies that are not forms
// (4xx, never 5xx, and the page's own answer rather than an error page) and text fields with
// control characters (removed before anything is stored or searched).

const ORIGIN = 'http://localhost:3000'
const SETUP_TOKEN = 'setup-token-for-form-body-tests-0123456789'
const PASSWORD = 'amber-kettle-window-9'
let cookie = ''
let patientId = 0

type Handler = (args: never) => Promise<unknown>

/** A screen in the admin shell, behind the shell's middleware (the origin, the session, the staff context). */
const inShell = (handler: unknown): Handler => afterMiddleware(layout.middleware, handler)

interface Answer {
  thrown: boolean
  status: number
  data: unknown
}

/** Calls a loader or action as the server would and reports how it answered. */
async function answerOf(handler: Handler, args: object): Promise<Answer> {
  const read = (value: unknown, thrown: boolean): Answer => {
    if (value instanceof Response) return { thrown, status: value.status, data: null }
    if (value && typeof value === 'object' && 'init' in value && 'data' in value) {
      return { thrown, status: (value as { init?: { status?: number } }).init?.status ?? 200, data: (value as { data: unknown }).data }
    }
    return { thrown, status: 200, data: value }
  }
  try {
    return read(await handler(args as never), false)
  } catch (error) {
    if (error instanceof Response || (error && typeof error === 'object' && 'init' in error)) return read(error, true)
    throw error
  }
}

function post(path: string, body: BodyInit, contentType?: string): Request {
  const headers = new Headers({ Origin: ORIGIN, Cookie: cookie, 'Sec-Fetch-Mode': 'cors' })
  if (contentType) headers.set('Content-Type', contentType)
  return new Request(`${ORIGIN}${path}`, { method: 'POST', headers, body })
}

const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: requestContext({ nonce: '', clientAddress: '127.0.0.9' }),
})

interface ActionCase {
  name: string
  handler: Handler
  path: string
  params?: () => Record<string, string>
}

const actions: ActionCase[] = [
  { name: 'login', handler: login.action as Handler, path: '/admin/login' },
  { name: 'setup', handler: setup.action as Handler, path: '/admin/setup' },
  { name: 'staff', handler: inShell(staffScreen.action), path: '/admin/staff' },
  { name: 'content', handler: inShell(content.action), path: '/admin/content' },
  { name: 'theme', handler: inShell(theme.action), path: '/admin/theme' },
  { name: 'settings', handler: inShell(settings.action), path: '/admin/settings' },
  { name: 'layout', handler: inShell(layoutEditor.action), path: '/admin/layout' },
  { name: 'integrations', handler: inShell(integrations.action), path: '/admin/integrations' },
  { name: 'media', handler: inShell(media.action), path: '/admin/media' },
  { name: 'new post', handler: inShell(postEditor.action), path: '/admin/posts/new?stream=news', params: () => ({ post: 'new' }) },
  {
    name: 'patient detail',
    handler: inShell(patientDetail.action),
    path: '/admin/patients/1',
    params: () => ({ id: String(patientId) }),
  },
  { name: 'student detail', handler: inShell(studentDetail.action), path: '/admin/students/1', params: () => ({ id: '1' }) },
  { name: 'student login', handler: studentLogin.action as Handler, path: '/academy/login' },
  { name: 'language switch', handler: setLanguage.action as Handler, path: '/set-language' },
]

beforeAll(async () => {
  await connectDatabase({ memory: true })
  const db = await database()
  await issueSetupToken(db, SETUP_TOKEN)
})

afterAll(async () => {
  await disconnectDatabase()
})

describe('control characters in the staff forms', () => {
  it(
    'creates the first administrator with them removed from the name and username',
    async () => {
      const form = new URLSearchParams({
        token: SETUP_TOKEN,
        displayName: 'The\u0000 Boss\u0085',
        username: 'bo\u0000ss',
        password: PASSWORD,
        confirm: PASSWORD,
      })
      const answer = await answerOf(setup.action as Handler, args(post('/admin/setup', form)))
      expect(answer.status).toBe(302)
      const [row] = await (await database()).select().from(staff)
      expect(row).toMatchObject({ username: 'boss', displayName: 'The Boss' })
      cookie = `staff_session=${await createSession(await database(), row!.id)}`
    },
    LONG_RUN_TIMEOUT,
  )

  it(
    'signs in with a NUL in the username (removed), never a server error',
    async () => {
      const form = new URLSearchParams({ username: 'bo\u0000ss', password: PASSWORD })
      const answer = await answerOf(login.action as Handler, args(post('/admin/login', form)))
      expect(answer.status).toBe(302)
    },
    LONG_RUN_TIMEOUT,
  )

  it(
    'adds an account with the characters removed from its name',
    async () => {
      const form = new URLSearchParams({
        intent: 'create',
        username: 'desk\u007f',
        displayName: 'Front\u0000 Desk',
        role: 'reception',
        password: 'violet-cedar-mountain',
      })
      const answer = await answerOf(inShell(staffScreen.action), args(post('/admin/staff', form)))
      expect(answer).toMatchObject({ status: 200, data: { ok: true } })
      const [row] = await (await database()).select().from(staff).where(eq(staff.username, 'desk'))
      expect(row?.displayName).toBe('Front Desk')
    },
    LONG_RUN_TIMEOUT,
  )

  it(
    'saves content, theme, settings, layout and integrations with the characters removed',
    async () => {
      const db = await database()
      const save = async (handler: Handler, path: string, form: URLSearchParams) => {
        form.append('formEnd', '1')
        const answer = await answerOf(handler, args(post(path, form)))
        expect(answer, path).toMatchObject({ status: 200, data: { ok: true } })
      }
      await save(
        inShell(content.action),
        '/admin/content',
        new URLSearchParams({
          'clinic.hero.title.en': 'Smiles\u0000 for Kabul\u0085',
          'clinic.hero.title.fa': '',
          'clinic.hero.title.ps': '',
        }),
      )
      expect((await readDocument(db, 'content'))?.value.texts['clinic.hero.title']?.en).toBe('Smiles for Kabul')

      await save(
        inShell(theme.action),
        '/admin/theme',
        new URLSearchParams({ clinicPrimary: '#2563eb\u0000', academyPrimary: '#c2410c', font: 'Inter', baseSize: '16' }),
      )
      expect((await readDocument(db, 'theme'))?.value).toMatchObject({ clinicPrimary: '#2563eb' })

      await save(
        inShell(settings.action),
        '/admin/settings',
        new URLSearchParams({
          phone: '+93 70 123 4567',
          clinicEmail: 'clinic@example.com',
          academyEmail: 'academy@example.com',
          'address.en': 'Karte\u0000 3, Kabul',
          'address.fa': '',
          'address.ps': '',
          latitude: '34.5',
          longitude: '69.2',
        }),
      )
      expect((await readDocument(db, 'settings'))?.value.address.en).toBe('Karte 3, Kabul')

      const layout = new URLSearchParams()
      for (const id of HOMEPAGE_SECTION_IDS) {
        layout.append('order', `${id}\u0000`)
        layout.append('visible', id)
      }
      await save(inShell(layoutEditor.action), '/admin/layout', layout)
      expect((await readDocument(db, 'layout'))?.value.map((section) => section.id)).toEqual([...HOMEPAGE_SECTION_IDS])

      await save(inShell(integrations.action), '/admin/integrations', new URLSearchParams({ whatsappNumber: '+93 70 765\u0000 4321' }))
      expect((await readDocument(db, 'integrations'))?.value.whatsappNumber).toMatch(/^\+93 ?70 ?765 ?4321$|^\+93707654321$/)
    },
    LONG_RUN_TIMEOUT,
  )

  it('searches the request lists and changes a status with the characters removed', async () => {
    const db = await database()
    const [row] = await db
      .insert(appointments)
      .values({ name: 'Search Person', phone: '+93700000000', date: '2030-01-01', submissionKey: 'search-person' })
      .returning({ id: appointments.id })
    patientId = row!.id
    const listRequest = new Request(`${ORIGIN}/admin/patients?q=${encodeURIComponent('Search\u0000 Person')}`, {
      headers: { Cookie: cookie },
    })
    const context = requestContext({ nonce: '', clientAddress: '127.0.0.9' })
    await inShell(() => null)({ request: listRequest, params: {}, context } as never)
    const list = await loadRequestList(listRequest, staffOf(context), 'appointments')
    expect(list.ok).toBe(true)
    expect(list.page?.rows.map((r) => r.name)).toEqual(['Search Person'])

    const answer = await answerOf(
      inShell(patientDetail.action),
      args(post('/admin/patients/1', new URLSearchParams({ intent: 'status', status: 'cancelled\u0000' })), { id: String(patientId) }),
    )
    expect(answer).toMatchObject({ status: 200, data: { ok: true } })
  })

  it('sends the language switch only to a clean local path', async () => {
    const answer = await answerOf(
      setLanguage.action as Handler,
      args(post('/set-language', new URLSearchParams({ lang: 'fa', redirectTo: '/clinic\r\nSet-Cookie: x=1' }))),
    )
    expect(answer.status).toBe(302)
  })
})

describe.each(actions)('$name action with a body that is not a form', ({ handler, path, params }) => {
  const call = (body: BodyInit, type?: string) => answerOf(handler, args(post(path, body, type), params?.()))

  it('answers text/plain, JSON and XML with 415, as its own page', async () => {
    for (const [body, type] of [
      ['username=boss&password=x', 'text/plain'],
      ['{"username":"boss","password":"x"}', 'application/json'],
      ['<login/>', 'application/xml'],
    ] as const) {
      const answer = await call(body, type)
      expect(answer.status, type).toBe(415)
      expect(answer.thrown, type).toBe(false)
    }
  })

  it('answers a broken multipart body with 400, as its own page', async () => {
    for (const type of ['multipart/form-data; boundary=x', 'multipart/form-data']) {
      const answer = await call('--x\r\nContent-Disposition: form-data; name="username"\r\n\r\nboss', type)
      expect(answer.status, type).toBe(400)
      expect(answer.thrown, type).toBe(false)
    }
  })
})

describe('the login page with a body that is not a form', () => {
  it('answers with its notice and an empty username, so the form is shown again', async () => {
    const answer = await answerOf(login.action as Handler, args(post('/admin/login', 'username=boss', 'text/plain')))
    expect(answer).toMatchObject({
      status: 415,
      data: { ok: false, errors: { form: expect.stringMatching(/could not be read/) }, values: { username: '' }, wait: null },
    })
  })
})
