import { expect, test, type APIRequestContext, type APIResponse } from '../support/test'
import { dataPathOf, pagePathOf } from '~/lib/platform/data-requests'
import {
  ACADEMY,
  ADMIN,
  EDITOR,
  RECEPTION,
  ensureFirstAdmin,
  ensureStaff,
  sessionCookie,
  submitAppointment,
  submitRegistration,
} from '../support/admin'

// Every admin loader, action and download, asked without a session, with an ended session and
// with a session of a role that may not use it: each answer is a redirect to the login page or a
// 401/403, and none carries the data.

const run = Date.now().toString(36)
const secret = { patient: `Access Check Patient ${run}`, student: `Access Check Student ${run}` }
const digits = String(Date.now()).slice(-7)

const PAGES = [
  '/admin/dashboard',
  '/admin/patients',
  '/admin/students',
  '/admin/staff',
  '/admin/content',
  '/admin/media',
  '/admin/layout',
  '/admin/theme',
  '/admin/integrations',
  '/admin/settings',
]

let patientId = 0
let studentId = 0

// Many requests and several sign-ins (each a deliberate scrypt hash): generous timeouts.
test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ browser, playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL })
  await ensureFirstAdmin(request, baseURL!)
  for (const user of [RECEPTION, ACADEMY, EDITOR]) await ensureStaff(request, baseURL!, user)
  const date = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10)
  await submitAppointment(browser, { name: secret.patient, phone: `076${digits}`, date })
  await submitRegistration(browser, {
    name: secret.student,
    phone: `075${digits}`,
    email: `a${run}@example.org`,
    address: 'Kabul',
    education: 'Grade 12',
  })
  // Find the ids as the administrator.
  const admin = await sessionCookie(request, baseURL!, ADMIN)
  const patients = await (
    await request.get(`/admin/patients?q=${encodeURIComponent(secret.patient)}`, { headers: { Cookie: admin } })
  ).text()
  const students = await (
    await request.get(`/admin/students?q=${encodeURIComponent(secret.student)}`, { headers: { Cookie: admin } })
  ).text()
  patientId = Number(/href="\/admin\/patients\/(\d+)"/.exec(patients)?.[1])
  studentId = Number(/href="\/admin\/students\/(\d+)"/.exec(students)?.[1])
  expect(patientId).toBeGreaterThan(0)
  expect(studentId).toBeGreaterThan(0)
  await request.dispose()
})

/** The route module answering a path, for single-fetch requests that ask for one route's data only. */
function routeIdOf(path: string): string {
  const [, , section = '', id] = path.split('/')
  if (id) return section === 'patients' ? 'routes/admin/patient-detail' : 'routes/admin/student-detail'
  if (section === 'layout') return 'routes/admin/layout-editor'
  if (section === 'no-such-page') return 'routes/admin/not-found'
  return `routes/admin/${section}`
}

function everyGet(): string[] {
  const pages = [...PAGES, `/admin/patients/${patientId}`, `/admin/students/${studentId}`, '/admin/no-such-page']
  const data = pages.flatMap((path) => [dataPathOf(path), `${dataPathOf(path)}?_routes=${routeIdOf(path)}`])
  return [
    ...pages,
    ...data,
    `/admin/patients/export`,
    `/admin/patients/export?q=${encodeURIComponent(secret.patient)}`,
    `/admin/students/export`,
  ]
}

function everyPost(): Array<[string, Record<string, string>]> {
  return [
    [`/admin/patients/${patientId}`, { intent: 'status', status: 'cancelled' }],
    [dataPathOf(`/admin/patients/${patientId}`), { intent: 'status', status: 'cancelled' }],
    [`/admin/patients/${patientId}`, { intent: 'delete', confirm: 'yes' }],
    [`/admin/students/${studentId}`, { intent: 'status', status: 'declined' }],
    [dataPathOf(`/admin/students/${studentId}`), { intent: 'delete', confirm: 'yes' }],
    [
      '/admin/staff',
      { intent: 'create', username: `intruder${run}`, displayName: 'Intruder', role: 'admin', password: 'granite falcon 88 meadow' },
    ],
    [dataPathOf('/admin/staff'), { intent: 'reset', id: '1', password: 'granite falcon 88 meadow' }],
  ]
}

function expectNoData(response: APIResponse, body: string, label: string) {
  const status = response.status()
  const location = response.headers()['location'] ?? ''
  const singleFetchRedirect = status === 202 && body.includes('/admin/login')
  expect(
    (status === 302 && location.includes('/admin/login')) || status === 401 || status === 403 || singleFetchRedirect,
    `${label}: status ${status} ${location}`,
  ).toBe(true)
  expect(body, label).not.toContain(secret.patient)
  expect(body, label).not.toContain(secret.student)
  expect(body, label).not.toContain(`+9376${digits}`)
  expect(response.headers()['cache-control'], label).toBe('no-store')
}

async function probeAll(request: APIRequestContext, baseURL: string, cookie: string | null, allowed: (path: string) => boolean) {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {}
  for (const path of everyGet()) {
    if (allowed(path)) continue
    for (const accept of ['text/html', '*/*']) {
      const response = await request.get(path, { headers: { ...headers, Accept: accept }, maxRedirects: 0 })
      expectNoData(response, await response.text(), `GET ${path} (${accept}, ${cookie ? 'cookie' : 'no cookie'})`)
    }
  }
  for (const [path, form] of everyPost()) {
    if (allowed(path)) continue
    const response = await request.post(path, { headers: { ...headers, Origin: baseURL }, form, maxRedirects: 0 })
    expectNoData(response, await response.text(), `POST ${path} ${form.intent}`)
  }
}

async function assertUntouched(request: APIRequestContext, baseURL: string) {
  const admin = await sessionCookie(request, baseURL, ADMIN)
  const patient = await request.get(`/admin/patients/${patientId}`, { headers: { Cookie: admin } })
  expect(patient.status()).toBe(200)
  expect(await patient.text()).toContain('data-status="pending"')
  const student = await request.get(`/admin/students/${studentId}`, { headers: { Cookie: admin } })
  expect(await student.text()).toContain('data-status="pending"')
  const staff = await (await request.get('/admin/staff', { headers: { Cookie: admin } })).text()
  expect(staff).not.toContain(`intruder${run}`)
}

test('without a session nothing is answered, and every page address leads to the login page', async ({ request, baseURL }) => {
  await probeAll(request, baseURL!, null, () => false)
  // As a browser follows it: the panel's own address, every screen and an unknown address end on the login page.
  const pages = ['/admin', ...PAGES, `/admin/patients/${patientId}`, `/admin/students/${studentId}`, '/admin/no-such-page']
  for (const path of pages) {
    const response = await request.get(path, { headers: { Accept: 'text/html' } })
    expect(response.status(), path).toBe(200)
    expect(new URL(response.url()).pathname, path).toBe('/admin/login')
    expect(await response.text(), path).toMatch(/<h1[^>]*>Admin Login<\/h1>/)
  }
  await assertUntouched(request, baseURL!)
})

test('with an unknown or signed-out session nothing is answered', async ({ request, baseURL }) => {
  await probeAll(request, baseURL!, 'staff_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', () => false)
  const cookie = await sessionCookie(request, baseURL!, RECEPTION)
  const out = await request.post('/admin/logout', { headers: { Cookie: cookie, Origin: baseURL! }, maxRedirects: 0 })
  expect(out.status()).toBe(302)
  expect(out.headers()['set-cookie']).toMatch(/staff_session=;.*Max-Age=0/)
  await probeAll(request, baseURL!, cookie, () => false)
  await assertUntouched(request, baseURL!)
})

test('each role gets only its own sections', async ({ request, baseURL }) => {
  const sectionOf = (path: string) => pagePathOf(path.replace(/\?.*$/, '')).split('/')[2] ?? ''
  const roles: Array<[typeof RECEPTION, string[]]> = [
    [RECEPTION, ['dashboard', 'patients', 'no-such-page']],
    [ACADEMY, ['dashboard', 'students', 'no-such-page']],
    // Integrations (where patients' messages go) are for administrators only.
    [EDITOR, ['dashboard', 'content', 'media', 'layout', 'theme', 'settings', 'no-such-page']],
  ]
  for (const [user, sections] of roles) {
    const cookie = await sessionCookie(request, baseURL!, user)
    await probeAll(request, baseURL!, cookie, (path) => sections.includes(sectionOf(path)))
    // And its sidebar lists only those.
    const html = await (await request.get('/admin/dashboard', { headers: { Cookie: cookie } })).text()
    for (const section of ['patients', 'students', 'staff', 'settings', 'integrations']) {
      expect(html.includes(`href="/admin/${section}"`), `${user.role} sees ${section}`).toBe(sections.includes(section))
    }
  }
  await assertUntouched(request, baseURL!)
})

test('a cross-site form post is refused even with a valid session', async ({ request, baseURL }) => {
  const cookie = await sessionCookie(request, baseURL!, ADMIN)
  const response = await request.post(`/admin/patients/${patientId}`, {
    headers: { Cookie: cookie, Origin: 'https://evil.example' },
    form: { intent: 'status', status: 'cancelled' },
    maxRedirects: 0,
  })
  // Refused before any action runs (server/cross-site.ts), as docs/security.md says.
  expect(response.status()).toBe(403)
  const login = await request.post('/admin/login', {
    headers: { Origin: 'https://evil.example' },
    form: { username: ADMIN.username, password: ADMIN.password },
    maxRedirects: 0,
  })
  expect(login.status()).toBe(403)
  expect(login.headers()['set-cookie'] ?? '').not.toContain('staff_session')
  await assertUntouched(request, baseURL!)
})
