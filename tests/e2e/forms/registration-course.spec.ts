import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '../support/test'
import { collectBrowserErrors } from '../support/page'
import { ADMIN, signIn, ensureAccounts } from '../support/admin'
import { messagesFor } from '~/locales'
import { pagePathOf } from '~/lib/platform/data-requests'

// A registration keeps its course: the form lists the open courses, the desk, the detail page and
// the CSV name the course the person chose, and a course the academy does not offer is refused
// with the form's message, with and without JavaScript, keeping what was typed.

const en = messagesFor('en')
const fa = messagesFor('fa')
const run = Date.now().toString(36)
const digits = String(Date.now()).slice(-7)

function publicForm(page: Page) {
  return page.locator('form:has(input[name="token"])')
}

async function fill(
  page: Page,
  labels: typeof en.forms.registration,
  values: Record<'name' | 'email' | 'phone' | 'address' | 'education', string>,
) {
  for (const key of ['name', 'email', 'phone', 'address', 'education'] as const) {
    await publicForm(page).getByLabel(labels[key]).fill(values[key])
  }
}

/** Sends the form's `course` as `course` whatever the select says (what a stale page or a forged post sends). */
async function sendCourseAs(page: Page, course: string) {
  await page.route(
    (url) => pagePathOf(url.pathname).endsWith('/academy/register'),
    async (route) => {
      const request = route.request()
      if (request.method() !== 'POST') return route.continue()
      const body = new URLSearchParams(request.postData() ?? '')
      expect(body.has('course'), 'the form posts its course').toBe(true)
      body.set('course', course)
      await route.continue({ postData: body.toString() })
    },
  )
}

test('the form lists the open courses, in the page language', async ({ page }) => {
  await page.goto('/fa/academy/register')
  const options = publicForm(page).getByLabel(fa.forms.registration.course).locator('option')
  await expect(options).toHaveText(Object.values(fa.academy.courses.names))
  await expect(publicForm(page).getByLabel(fa.forms.registration.course)).toHaveValue('diplomaDentistry')
})

test('a registration reaches the desk, its detail page and the CSV with its course name', async ({ browser, page, baseURL }) => {
  await ensureAccounts(baseURL!)
  const student = {
    name: `Course Desk ${run}`,
    email: `c${run}@example.org`,
    phone: `079${digits}`,
    address: 'کارته سه',
    education: 'صنف دوازدهم',
  }

  // In Dari, without JavaScript.
  const plain = await browser.newContext({ javaScriptEnabled: false })
  const form = await plain.newPage()
  await form.goto('/fa/academy/register?course=radiology')
  await fill(form, fa.forms.registration, student)
  await expect(publicForm(form).getByLabel(fa.forms.registration.course)).toHaveValue('radiology')
  await form.getByRole('button', { name: fa.forms.registration.submit }).click()
  await expect(form.getByText(fa.forms.registration.successTitle).first()).toBeVisible()
  await expect(form.getByText(fa.academy.courses.names.radiology).first()).toBeVisible()
  await plain.close()

  // The desk, in English: the course as it was called.
  await signIn(page, ADMIN)
  await page.goto(`/admin/students?q=${encodeURIComponent(student.name)}`)
  const row = page.getByRole('row').filter({ hasText: student.name })
  await expect(row).toContainText(en.academy.courses.names.radiology)
  await row.getByRole('link', { name: student.name }).click()
  await expect(page.getByText(en.academy.courses.names.radiology)).toBeVisible()

  await page.goto(`/admin/students?q=${encodeURIComponent(student.name)}`)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()])
  const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(`${student.name},`)
  expect(lines[1]).toContain(`,${en.academy.courses.names.radiology},Dari,Pending`)
})

test('without JavaScript, a course the academy does not offer is refused in the page language, keeping the values', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  const labels = fa.forms.registration
  const values = { name: `Refused Plain ${run}`, email: 'refused@example.org', phone: '0701234567', address: 'کابل', education: 'لیسانس' }
  await page.goto('/fa/academy/register?course=cpr')
  await fill(page, labels, values)
  await sendCourseAs(page, 'astronomy')
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: labels.submit }).click(),
  ])
  expect(response.status()).toBe(400)
  await expect(publicForm(page).getByText(fa.forms.errors.courseInvalid)).toBeVisible()
  await expect(publicForm(page).getByLabel(labels.course)).toHaveAttribute('aria-invalid', 'true')
  for (const key of ['name', 'email', 'phone', 'address', 'education'] as const) {
    await expect(publicForm(page).getByLabel(labels[key])).toHaveValue(values[key])
  }
  await expect(page.getByText(labels.successTitle)).toHaveCount(0)
  await context.close()
})

test('with JavaScript, a course the academy does not offer is refused with the message, keeping the values', async ({ page }) => {
  const errors = collectBrowserErrors(page, { ignore: /Failed to load resource/ })
  const labels = en.forms.registration
  const values = {
    name: `Refused Script ${run}`,
    email: 'script@example.org',
    phone: '0701234567',
    address: 'Kabul',
    education: 'Bachelor',
  }
  await page.goto('/academy/register?course=cpr')
  await fill(page, labels, values)
  await sendCourseAs(page, 'a-course-that-closed')
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: labels.submit }).click(),
  ])
  expect(response.status()).toBe(400)
  await expect(publicForm(page).getByText(en.forms.errors.courseInvalid)).toBeVisible()
  for (const key of ['name', 'email', 'phone', 'address', 'education'] as const) {
    await expect(publicForm(page).getByLabel(labels[key])).toHaveValue(values[key])
  }
  await expect(page.getByText(labels.successTitle)).toHaveCount(0)
  expect(errors).toEqual([])
})
