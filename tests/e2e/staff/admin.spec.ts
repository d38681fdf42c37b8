import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '../support/test'
import { ADMIN, signIn, submitAppointment, submitRegistration, ensureAccounts } from '../support/admin'

// The staff admin panel end to end: sign-in, dashboard, the request desk, logout (the first
// administrator's setup is in admin-setup.spec.ts, on a server of its own).
// Generous timeouts: each sign-in costs a deliberate scrypt hash (128 MiB, ~0.3 s; far more on a busy machine).
// Each test brings its own requests, so the tests run in any order and in parallel.

const run = Date.now().toString(36)
const digits = String(Date.now()).slice(-7)
const patient = { name: `Admin E2E Patient ${run}`, phone: `078${digits}`, email: `p${run}@example.org` }
const student = { name: `Admin E2E Student ${run}`, phone: `079${digits}`, email: `s${run}@example.org` }
const preferredDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
const onEmbeddedDatabase = !process.env.E2E_DATABASE_URL

test.beforeAll(async ({ baseURL }) => {
  await ensureAccounts(baseURL!)
})

async function countOn(page: Page, title: 'Appointments' | 'Registrations'): Promise<number> {
  const card = page.getByRole('link').filter({ has: page.getByRole('heading', { name: title }) })
  const text = await card.locator('p').first().textContent()
  return Number((text ?? '').replace(/\D/g, ''))
}

/**
 * Whether the dashboard's count of `title` rises when `submit` sends a new request. Other specs,
 * running at the same time, delete requests of their own: one deleted between the two readings
 * offsets the new request, so a count that did not rise is read again around another request (at
 * most three). The exact counts are requests.server.test.ts's.
 */
async function countRises(
  page: Page,
  title: 'Appointments' | 'Registrations',
  submit: (attempt: number) => Promise<void>,
): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.reload()
    const before = await countOn(page, title)
    await submit(attempt)
    await page.reload()
    if ((await countOn(page, title)) > before) return true
  }
  return false
}

/** A request of its own for a further reading of the counts (its phone and e-mail unlike the others'). */
function counted(attempt: number) {
  return { name: `Admin E2E Counted ${run} ${attempt}`, phone: `07${4 + attempt}${digits}`, email: `c${attempt}${run}@example.org` }
}

test('a wrong password is refused without saying why; the right one signs in', async ({ page }) => {
  await page.goto('/admin/login')
  await page.getByLabel('Username').fill(ADMIN.username)
  await page.getByLabel('Password').fill('not the password at all')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Login Failed')
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Invalid username or password.')
  await expect(page).toHaveURL(/\/admin\/login/)

  await page.getByLabel('Username').fill(ADMIN.username)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard/)
  await expect(page.getByText('Admin Login Successful!')).toBeVisible()
  // The banner tells the truth about where the data is.
  await expect(page.getByText('Demo mode: data is kept in a local folder')).toHaveCount(onEmbeddedDatabase ? 1 : 0)
  // The cookie cannot be read by scripts.
  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith('staff_session'))
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
})

test('requests from the public forms show on the dashboard, the lists and their detail pages', async ({ page, browser }) => {
  await signIn(page, ADMIN)
  await page.goto('/admin/dashboard')
  await expect(page.getByRole('heading', { name: 'Site Analytics' })).toBeVisible()
  for (const name of ['Edit Content', 'Change Theme', 'Manage Media']) await expect(page.getByRole('link', { name })).toBeVisible()

  // The first request of each kind is the one followed below; any other only counts.
  const registration = { address: 'Kart-e-Char, Kabul', education: 'Grade 12', course: 'Advanced CPR Training' }
  expect(
    await countRises(page, 'Appointments', (attempt) =>
      submitAppointment(browser, { ...(attempt ? counted(attempt) : patient), date: preferredDate, message: '=1+2 please call after 4' }),
    ),
  ).toBe(true)
  expect(
    await countRises(page, 'Registrations', (attempt) =>
      submitRegistration(browser, { ...(attempt ? counted(attempt) : student), ...registration }),
    ),
  ).toBe(true)
  await expect(page.getByRole('link').filter({ has: page.getByRole('heading', { name: 'Appointments' }) })).toHaveAttribute(
    'href',
    '/admin/patients',
  )
  await expect(page.getByRole('link').filter({ has: page.getByRole('heading', { name: 'Registrations' }) })).toHaveAttribute(
    'href',
    '/admin/students',
  )

  // Patients: newest first, the promised columns, a yellow pending badge (docs/product.md#requests).
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Patients' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Appointment Requests' })).toBeVisible()
  for (const column of ['Date Submitted', 'Name', 'Phone', 'Preferred Date', 'Status']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible()
  }
  const row = page.getByRole('row').filter({ hasText: patient.name })
  await expect(row).toBeVisible()
  await expect(row.getByText('Pending')).toHaveClass(/bg-yellow-100/)
  await expect(row).toContainText(`+93${patient.phone.slice(1)}`)

  // Search by phone in another formatting finds it.
  await page
    .getByLabel('Search by name or phone')
    .fill(`0${patient.phone.slice(1, 3)} ${patient.phone.slice(3, 6)} ${patient.phone.slice(6)}`)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('row')).toHaveCount(2)
  await expect(page.getByRole('row').nth(1)).toContainText(patient.name)

  // The detail page shows everything submitted; the status change is saved with who and when.
  await page.getByRole('link', { name: patient.name }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Appointment request' })).toBeVisible()
  await expect(page.getByText(patient.email)).toBeVisible()
  await expect(page.getByText('=1+2 please call after 4')).toBeVisible()
  // Confirming needs the date and time of the visit (the clinic is closed on Fridays).
  const visitDay = new Date(`${preferredDate}T00:00:00Z`).getUTCDay() === 5 ? new Date(Date.now() + 31 * 86_400_000) : null
  if (visitDay) await page.getByLabel('Date of the visit').fill(visitDay.toISOString().slice(0, 10))
  await page.getByLabel('Time (Kabul)').fill('09:00')
  await page.getByRole('button', { name: 'Confirm appointment' }).click()
  await expect(page.getByText('Appointment confirmed')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('confirmed')
  await expect(page.getByText(`Status changed by ${ADMIN.displayName}`)).toBeVisible()

  // Filter by status.
  await page.goto('/admin/patients')
  await page.getByLabel('Search by name or phone').fill(patient.name)
  await page.getByLabel('Status', { exact: true }).selectOption('pending')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('No requests match this search.')).toBeVisible()
  await page.getByLabel('Status', { exact: true }).selectOption('confirmed')
  await page.getByRole('button', { name: 'Search' }).click()
  const confirmed = page.getByRole('row').filter({ hasText: patient.name })
  await expect(confirmed.getByText('Confirmed')).toBeVisible()

  // The CSV export of the current filter: BOM, header (times in Kabul time), formula-safe cells, readable names.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()])
  expect(download.suggestedFilename()).toMatch(/^appointments-\d{4}-\d\d-\d\d\.csv$/)
  const csv = await readFile((await download.path())!, 'utf8')
  expect(csv.startsWith('\uFEFFID,Received (Kabul time),Full Name,Phone Number,Email,Preferred Date,Message,Language,Status')).toBe(true)
  const lines = csv.trim().split('\r\n')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(
    `${patient.name},'+93${patient.phone.slice(1)},${patient.email},${preferredDate},'=1+2 please call after 4,English,Confirmed`,
  )

  // Students: the Student Manager with its course column; the status changes too.
  await page.goto(`/admin/students?q=${encodeURIComponent(student.name)}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Student Manager' })).toBeVisible()
  const studentRow = page.getByRole('row').filter({ hasText: student.name })
  await expect(studentRow).toContainText('Advanced CPR Training')
  await studentRow.getByRole('link', { name: student.name }).click()
  await expect(page.getByText('Kart-e-Char, Kabul')).toBeVisible()
  await expect(page.getByText('Grade 12')).toBeVisible()
  await page.getByLabel('Status', { exact: true }).selectOption('enrolled')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Status saved')).toBeVisible()
  await page.goto(`/admin/students?q=${encodeURIComponent(student.name)}&status=enrolled`)
  await expect(page.getByRole('row').filter({ hasText: student.name }).getByText('Enrolled')).toBeVisible()
})

test('an administrator deletes a request permanently after confirming', async ({ page, browser }) => {
  const doomed = { name: `Admin E2E Delete ${run}`, phone: `077${digits}` }
  await submitAppointment(browser, { ...doomed, date: preferredDate })
  await signIn(page, ADMIN)
  await page.goto(`/admin/patients?q=${encodeURIComponent(doomed.name)}`)
  await page.getByRole('link', { name: doomed.name }).click()
  await expect(page).toHaveURL(/\/admin\/patients\/\d+$/)
  const detail = page.url()
  await page.getByLabel('I understand: delete this request permanently').check()
  await page.getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/\/admin\/patients$/)
  await expect(page.getByText('Request deleted')).toBeVisible()
  const gone = await page.request.get(detail)
  expect(gone.status()).toBe(404)
})

test('after logout the back button shows no patient data', async ({ page, browser }) => {
  const patient = { name: `Admin E2E Logout ${run}`, phone: `072${digits}` }
  await submitAppointment(browser, { ...patient, date: preferredDate })
  await signIn(page, ADMIN)
  await page.goto(`/admin/patients?q=${encodeURIComponent(patient.name)}`)
  await expect(page.getByText(patient.name)).toBeVisible()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/admin\/login(\?|$)/)
  await page.goBack()
  await expect(page).toHaveURL(/\/admin\/login/)
  await expect(page.getByText(patient.name)).toHaveCount(0)
  // A fresh load of the page does not show it either.
  await page.goto(`/admin/patients?q=${encodeURIComponent(patient.name)}`)
  await expect(page).toHaveURL(/\/admin\/login/)
  await expect(page.getByText(patient.name)).toHaveCount(0)
})
