import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staff as staffTable, type StaffRole } from '~db/schema'
import { seedRequestPair } from '../../../tests/support/requests'
import { SECTION_ROLES } from '~/lib/access/sections'
import { roleAllows } from '~/lib/staff/auth.server'
import { connectDatabase, database, disconnectDatabase } from '~/lib/platform/db.server'
import { createSession, deleteSession } from '~/lib/staff/sessions.server'
import { createStaff } from '~/lib/staff/staff.server'
import * as content from './content'
import * as dashboard from './dashboard'
import * as integrations from './integrations'
import * as layoutEditor from './layout-editor'
import * as media from './media'
import * as gallery from './gallery'
import * as settings from './settings'
import * as theme from './theme'
import * as layout from './admin-layout'
import * as notFound from './not-found'
import * as patientDetail from './patient-detail'
import * as patientNew from './patient-new'
import * as patients from './patients'
import * as postEditor from './post-editor'
import * as postsScreen from './posts'
import * as patientsExport from './patients-export'
import * as staffScreen from './staff'
import * as studentDetail from './student-detail'
import * as students from './students'
import * as studentsExport from './students-export'
import { requestContext } from '~/lib/platform/request-context'
import { afterMiddleware } from '../../../tests/support/middleware'

// Every admin loader, action and export (request desk, staff screen, site editor screens), called as
// the server would, with no session, an unknown one, an expired one (idle and past its absolute
// limit), one ended by signing out, and with each role: only the roles of the section get an
// answer; everyone else a redirect to the login page, a 401 or a 403, and never data.

const ORIGIN = 'http://localhost:3000'
const ROLES: StaffRole[] = ['admin', 'reception', 'academy', 'editor']
const cookies: Partial<Record<StaffRole, string>> = {}
/** Sessions that no longer admit anyone: idle too long, past the absolute limit, signed out. */
const endedCookies: Record<'idle' | 'expired' | 'signed out', string> = { idle: '', expired: '', 'signed out': '' }
let patientId = 0
let studentId = 0

type Handler = (args: never) => Promise<unknown>

/** A screen in the admin shell, behind the shell's middleware (the origin, the session, the staff context). */
const inShell = (handler: unknown): Handler => afterMiddleware(layout.middleware, handler)

/** The HTTP status a loader or action answers with: 200 for data, else the thrown or returned status. */
async function statusOf(handler: Handler, args: object): Promise<number> {
  try {
    const result = await handler(args as never)
    if (result instanceof Response) return result.status
    if (result && typeof result === 'object' && 'init' in result) return (result as { init: { status?: number } }).init.status ?? 200
    return 200
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status
    if (thrown && typeof thrown === 'object' && 'init' in thrown) return (thrown as { init: { status: number } }).init.status
    throw thrown
  }
}

function request(
  path: string,
  { cookie, method = 'GET', form, page = true }: { cookie?: string; method?: string; form?: Record<string, string>; page?: boolean } = {},
) {
  const headers = new Headers({ Accept: page ? 'text/html' : '*/*', 'Sec-Fetch-Mode': page ? 'navigate' : 'cors' })
  if (cookie) headers.set('Cookie', cookie)
  if (method === 'POST') headers.set('Origin', ORIGIN)
  return new Request(`${ORIGIN}${path}`, { method, headers, body: form ? new URLSearchParams(form) : undefined })
}

interface Case {
  name: string
  handler: Handler
  path: string
  params?: () => Record<string, string>
  form?: () => Record<string, string>
  roles: readonly StaffRole[]
}

const cases: Case[] = [
  { name: 'admin layout loader', handler: inShell(layout.loader), path: '/admin/dashboard', roles: ['reception', 'academy', 'editor'] },
  { name: 'dashboard loader', handler: inShell(dashboard.loader), path: '/admin/dashboard', roles: SECTION_ROLES.dashboard },
  { name: 'patients loader', handler: inShell(patients.loader), path: '/admin/patients', roles: SECTION_ROLES.patients },
  {
    name: 'patients export',
    handler: afterMiddleware(patientsExport.middleware, patientsExport.loader),
    path: '/admin/patients/export',
    roles: SECTION_ROLES.patients,
  },
  {
    name: 'patient detail loader',
    handler: inShell(patientDetail.loader),
    path: '/admin/patients/x',
    params: () => ({ id: String(patientId) }),
    roles: SECTION_ROLES.patients,
  },
  {
    name: 'patient status action',
    handler: inShell(patientDetail.action),
    path: '/admin/patients/x',
    params: () => ({ id: String(patientId) }),
    form: () => ({ intent: 'status', status: 'confirmed' }),
    roles: SECTION_ROLES.patients,
  },
  {
    name: 'patient delete action',
    handler: inShell(patientDetail.action),
    path: '/admin/patients/x',
    params: () => ({ id: '999999' }),
    form: () => ({ intent: 'delete', confirm: 'yes' }),
    roles: [],
  },
  {
    name: 'patient note action',
    handler: inShell(patientDetail.action),
    path: '/admin/patients/x',
    params: () => ({ id: String(patientId) }),
    form: () => ({ intent: 'note', note: 'Called back' }),
    roles: SECTION_ROLES.patients,
  },
  { name: 'new appointment loader', handler: inShell(patientNew.loader), path: '/admin/patients/new', roles: SECTION_ROLES.patients },
  {
    name: 'new appointment action',
    handler: inShell(patientNew.action),
    path: '/admin/patients/new',
    form: () => ({ name: '', phone: '', date: '', source: 'phone' }),
    roles: SECTION_ROLES.patients,
  },
  { name: 'posts loader', handler: inShell(postsScreen.loader), path: '/admin/posts', roles: SECTION_ROLES.posts },
  {
    name: 'new article loader',
    handler: inShell(postEditor.loader),
    path: '/admin/posts/new?stream=articles',
    params: () => ({ post: 'new' }),
    roles: ['editor'],
  },
  {
    name: 'new news action',
    handler: inShell(postEditor.action),
    path: '/admin/posts/new?stream=news',
    params: () => ({ post: 'new' }),
    form: () => ({ intent: 'save' }),
    roles: ['academy'],
  },
  { name: 'students loader', handler: inShell(students.loader), path: '/admin/students', roles: SECTION_ROLES.students },
  {
    name: 'students export',
    handler: afterMiddleware(studentsExport.middleware, studentsExport.loader),
    path: '/admin/students/export',
    roles: SECTION_ROLES.students,
  },
  {
    name: 'student detail loader',
    handler: inShell(studentDetail.loader),
    path: '/admin/students/x',
    params: () => ({ id: String(studentId) }),
    roles: SECTION_ROLES.students,
  },
  {
    name: 'student status action',
    handler: inShell(studentDetail.action),
    path: '/admin/students/x',
    params: () => ({ id: String(studentId) }),
    form: () => ({ intent: 'status', status: 'contacted' }),
    roles: SECTION_ROLES.students,
  },
  {
    name: 'student delete action',
    handler: inShell(studentDetail.action),
    path: '/admin/students/x',
    params: () => ({ id: '999999' }),
    form: () => ({ intent: 'delete', confirm: 'yes' }),
    roles: [],
  },
  { name: 'staff loader', handler: inShell(staffScreen.loader), path: '/admin/staff', roles: SECTION_ROLES.staff },
  {
    name: 'staff create action',
    handler: inShell(staffScreen.action),
    path: '/admin/staff',
    form: () => ({ intent: 'create', username: 'x', displayName: 'X', role: 'admin', password: 'short' }),
    roles: SECTION_ROLES.staff,
  },
  {
    name: 'staff reset action',
    handler: inShell(staffScreen.action),
    path: '/admin/staff',
    form: () => ({ intent: 'reset', id: '999999', password: 'short' }),
    roles: SECTION_ROLES.staff,
  },
  { name: 'unknown admin page', handler: inShell(notFound.loader), path: '/admin/nothing', roles: ['reception', 'academy', 'editor'] },
  ...(
    [
      ['content', content, { intent: 'save', version: '' }],
      ['media', media, { intent: 'delete', assetId: '999999' }],
      ['gallery', gallery, { intent: 'save-album', 'titles.en': '' }],
      ['layout', layoutEditor, { intent: 'save', order: 'hero' }],
      ['theme', theme, { clinicPrimary: 'not a colour' }],
      ['integrations', integrations, { mapsEnabled: 'on', mapsApiKey: '' }],
      ['settings', settings, { phone: 'not a phone' }],
    ] as const
  ).flatMap(([section, module, form]): Case[] => [
    { name: `${section} loader`, handler: inShell(module.loader), path: `/admin/${section}`, roles: SECTION_ROLES[section] },
    {
      name: `${section} action`,
      handler: inShell(module.action),
      path: `/admin/${section}`,
      form: () => ({ ...form }),
      roles: SECTION_ROLES[section],
    },
  ]),
]

beforeAll(async () => {
  await connectDatabase({ memory: true })
  const db = await database()
  for (const role of ROLES) {
    const created = await createStaff(
      db,
      { username: `user-${role}`, displayName: role, role, password: 'tangerine orbit 61 willow' },
      { params: { ln: 10, r: 8, p: 1 } },
    )
    if (!created.ok) throw new Error(created.problem)
    cookies[role] = `staff_session=${await createSession(db, created.id)}`
  }
  const longAgo = (ms: number) => new Date(Date.now() - ms)
  const adminId = (await db.select().from(staffTable))[0]!.id
  endedCookies.idle = `staff_session=${await createSession(db, adminId, longAgo(31 * 60 * 1000))}`
  endedCookies.expired = `staff_session=${await createSession(db, adminId, longAgo(13 * 60 * 60 * 1000))}`
  const signedOut = await createSession(db, adminId)
  await deleteSession(db, signedOut)
  endedCookies['signed out'] = `staff_session=${signedOut}`
  ;({ appointmentId: patientId, registrationId: studentId } = await seedRequestPair(db, {
    patient: 'Secret Patient',
    student: 'Secret Student',
  }))
})

afterAll(async () => {
  await disconnectDatabase()
})

describe.each(cases)('$name', ({ handler, path, params, form, roles }) => {
  const args = (cookie: string | undefined, page: boolean) => ({
    request: request(path, { cookie, page, method: form ? 'POST' : 'GET', form: form?.() }),
    params: params?.() ?? {},
    context: requestContext({ nonce: '', clientAddress: '127.0.0.1' }),
  })

  it('sends a page load without a session to the login page, and answers a data request 401', async () => {
    const expectedPage = path.endsWith('/export') ? 401 : 302
    expect(await statusOf(handler, args(undefined, true))).toBe(expectedPage)
    expect(await statusOf(handler, args(undefined, false))).toBe(401)
    expect(await statusOf(handler, args('staff_session=not-a-session', false))).toBe(401)
  })

  it.each(['idle', 'expired', 'signed out'] as const)('treats a session that is %s as none', async (ended) => {
    expect(await statusOf(handler, args(endedCookies[ended], true))).toBe(path.endsWith('/export') ? 401 : 302)
    expect(await statusOf(handler, args(endedCookies[ended], false))).toBe(401)
  })

  it.each(ROLES)('as %s', async (role) => {
    const status = await statusOf(handler, args(cookies[role], false))
    if (roleAllows(role, roles)) expect(status, role).not.toBe(403)
    else expect(status, role).toBe(403)
    expect([401, 302]).not.toContain(status)
  })
})
