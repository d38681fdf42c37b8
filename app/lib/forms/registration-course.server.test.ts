import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { registrations } from '~db/schema'
import { testDatabases } from '../../../tests/support/databases'
import { freshSite, publishedCourses } from '../../../tests/support/courses'
import { form, NOW, registration } from '../../../tests/support/submission-fixtures'
import { messagesFor } from '~/locales'
import type { DatabaseHandle } from '../platform/db.server'
import { DEFAULT_SITE_SETTINGS } from '../site/site-settings'
import { saveDocument } from '../site/site-documents.server'
import { getRequest, listRequests } from '../requests/requests.server'
import { csvValues } from '../requests/csv'
import { renderRequestEmail } from '../mail/request-email.server'
import { courseChoices, registrationCourseName, type CourseEntry } from './course-choices.server'
import { submitRegistration, type SubmissionContext } from './submissions.server'

vi.useFakeTimers({ now: NOW, toFake: ['Date'] })

const names = (locale: 'en' | 'fa' | 'ps') => messagesFor(locale).academy.courses.names

/** A course staff added, and the spec's radiology course closed for registration. */
const implantology: CourseEntry = {
  id: 'implantology-2026',
  names: { en: 'Implantology Certificate', fa: 'تصدیق‌نامه ایمپلنت', ps: '' },
  mode: 'inPerson',
  durations: { en: '6 Months', fa: '۶ ماه', ps: '۶ میاشتې' },
  feeAfn: 40_000,
  open: true,
  visible: true,
}

describe.each(testDatabases())('the course of a registration ($name)', (target) => {
  let handle: DatabaseHandle
  let ctx: SubmissionContext
  let address = 0

  beforeAll(async () => {
    handle = await target.open()
  })
  afterAll(async () => {
    await handle.close()
  })
  beforeEach(() => {
    ctx = {
      database: async () => handle.db,
      clientAddress: `198.51.100.${++address}`,
      locale: 'en',
      settings: async () => DEFAULT_SITE_SETTINGS,
      courses: () => publishedCourses(handle.db),
      rateLimit: { limit: 50, windowSeconds: 600 },
    }
  })

  async function rowsNamed(name: string) {
    return handle.db.select().from(registrations).where(eq(registrations.name, name))
  }

  it('is stored by its id with its names in the three languages', async () => {
    const { status } = await submitRegistration(form({ ...registration, name: 'Kept Names', course: 'cpr' }), { ...ctx, locale: 'ps' })
    expect(status).toBe(200)
    const [row] = await rowsNamed('Kept Names')
    expect(row).toMatchObject({ course: 'cpr', courseNames: { en: names('en').cpr, fa: names('fa').cpr, ps: names('ps').cpr } })
  })

  it('keeps the name it had when the course is renamed, and a new registration keeps the new one', async () => {
    await submitRegistration(form({ ...registration, name: 'Before Rename', course: 'radiology' }), ctx)
    await saveDocument(
      handle.db,
      'content',
      { texts: { 'academy.courses.names.radiology': { en: 'Dental Radiology', fa: 'رادیولوژی دندان', ps: '' } }, fees: {} },
      null,
    )
    try {
      const after = await submitRegistration(form({ ...registration, name: 'After Rename', course: 'radiology' }), ctx)
      expect(after.result).toMatchObject({ status: 'success', summary: { course: 'Dental Radiology' } })

      const [before] = await rowsNamed('Before Rename')
      const [renamed] = await rowsNamed('After Rename')
      expect(before!.courseNames).toEqual({ en: names('en').radiology, fa: names('fa').radiology, ps: names('ps').radiology })
      // The Pashto name was left empty: the Pashto page shows the stored English, and that is what is kept.
      expect(renamed!.courseNames).toEqual({ en: 'Dental Radiology', fa: 'رادیولوژی دندان', ps: 'Dental Radiology' })

      // The desk's list and detail, the CSV and the staff e-mail read the kept names.
      const detail = await getRequest(handle.db, 'registrations', before!.id)
      expect(registrationCourseName(detail!.course!, detail!.courseNames, 'fa')).toBe(names('fa').radiology)
      const listed = (await listRequests(handle.db, 'registrations', { q: 'Rename' })).rows
      expect(listed.map((row) => registrationCourseName(row.course!, row.courseNames, 'en')).sort()).toEqual([
        'Dental Radiology',
        names('en').radiology,
      ])
      const cells = csvValues('registrations', detail as unknown as Record<string, unknown>, 'en', (id, row) =>
        registrationCourseName(id, row.courseNames as CourseEntry['names'], 'en'),
      )
      expect(cells).toContain(names('en').radiology)
      expect(cells).not.toContain('Dental Radiology')
      const email = await renderRequestEmail(handle.db, 'registration', before!.id, 'https://dental.example.af', 'ps')
      expect(email!.text).toContain(names('ps').radiology)
    } finally {
      await saveDocument(handle.db, 'content', { texts: {}, fees: {} }, null)
    }
  })

  it('still shows a retired course under the name it had', async () => {
    await submitRegistration(form({ ...registration, name: 'Retired Course', course: implantology.id }), {
      ...ctx,
      courses: async () => courseChoices(freshSite({ courses: [implantology] })),
    })
    const [row] = await rowsNamed('Retired Course')
    expect(row).toMatchObject({ course: 'implantology-2026', courseNames: implantology.names })
    // Retired: the course is in no list any more, and the catalogue never knew it.
    expect(await publishedCourses(handle.db)).not.toContainEqual(expect.objectContaining({ id: implantology.id }))
    expect(registrationCourseName(row!.course, row!.courseNames, 'en')).toBe('Implantology Certificate')
    // No Pashto name was given: English.
    expect(registrationCourseName(row!.course, row!.courseNames, 'ps')).toBe('Implantology Certificate')
    const email = await renderRequestEmail(handle.db, 'registration', row!.id, 'https://dental.example.af', 'fa')
    expect(email!.text).toContain('تصدیق‌نامه ایمپلنت')
  })

  it.each([
    ['closed', 'radiology'],
    ['unknown', 'astronomy'],
  ])('refuses a %s course with the form message, keeping the values and storing nothing', async (_kind, course) => {
    const site = freshSite({
      courses: [...courseChoices(freshSite()).map((entry) => (entry.id === 'radiology' ? { ...entry, open: false } : entry)), implantology],
    })
    const offered = courseChoices(site)
    expect(offered.map((entry) => entry.id)).not.toContain('radiology')
    const name = `Refused ${course}`
    const sent = { ...registration, name, course }
    const { status, result } = await submitRegistration(form(sent), { ...ctx, locale: 'fa', courses: async () => offered })
    expect(status).toBe(400)
    expect(result).toMatchObject({ status: 'invalid', fieldErrors: { course: 'courseInvalid' }, values: sent })
    expect(await rowsNamed(name)).toHaveLength(0)

    // The new course is taken; a form without a course is for the default one.
    const added = await submitRegistration(form({ ...registration, name: `${name} then added`, course: implantology.id }), {
      ...ctx,
      courses: async () => offered,
    })
    expect(added.result).toMatchObject({ status: 'success', summary: { course: 'Implantology Certificate' } })
    await submitRegistration(form({ ...registration, name: `${name} then none`, course: '' }), { ...ctx, courses: async () => offered })
    expect((await rowsNamed(`${name} then none`))[0]).toMatchObject({ course: 'diplomaDentistry' })
  })

  it('answers 503 with the values when the courses cannot be read, storing nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const sent = { ...registration, name: 'No Courses Read', course: 'cpr' }
      const { status, result } = await submitRegistration(form(sent), {
        ...ctx,
        courses: () => Promise.reject(new Error('site unavailable')),
      })
      expect(status).toBe(503)
      expect(result).toMatchObject({ status: 'error', values: sent })
      expect(await rowsNamed('No Courses Read')).toHaveLength(0)
      expect(logged.mock.calls.flat().map(String).join(' ')).not.toContain('No Courses Read')
    } finally {
      logged.mockRestore()
    }
  })

  it('the migration gives registrations made before it the catalogue names of their course', async () => {
    const folder = path.resolve('db/migrations')
    const file = readdirSync(folder).find((name) => name.endsWith('_registration_course_names.sql'))!
    const backfill = readFileSync(path.join(folder, file), 'utf8').split('--> statement-breakpoint')[1]!
    const made = await handle.db
      .insert(registrations)
      .values(
        ['cpr', 'digitalDentistry', 'noLongerKnown'].map((course, index) => ({
          name: `Before Names ${course}`,
          email: 'old@example.com',
          phone: '+93701234567',
          address: 'Kabul',
          education: 'Grade 12',
          course,
          submissionKey: `before-names-${index}`,
        })),
      )
      .returning({ id: registrations.id })
    await handle.db.execute(sql.raw(backfill))
    const rows = await handle.db
      .select({ course: registrations.course, courseNames: registrations.courseNames })
      .from(registrations)
      .where(
        inArray(
          registrations.id,
          made.map((row) => row.id),
        ),
      )
    const byCourse = Object.fromEntries(rows.map((row) => [row.course, row.courseNames]))
    expect(byCourse).toEqual({
      cpr: { en: names('en').cpr, fa: names('fa').cpr, ps: names('ps').cpr },
      digitalDentistry: { en: names('en').digitalDentistry, fa: names('fa').digitalDentistry, ps: names('ps').digitalDentistry },
      noLongerKnown: null,
    })
    // Rows that already kept their names are left as they are.
    const [kept] = await rowsNamed('Kept Names')
    expect(kept!.courseNames).toEqual({ en: names('en').cpr, fa: names('fa').cpr, ps: names('ps').cpr })
    expect(registrationCourseName('noLongerKnown', null, 'en')).toBe('noLongerKnown')
  })
})
