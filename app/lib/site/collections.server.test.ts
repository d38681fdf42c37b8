import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabases } from '../../../tests/support/databases'
import { staff } from '~db/schema'
import type { DatabaseHandle } from '../platform/db.server'
import { publicMessagesFor } from '~/locales'
import { COLLECTION_LIMITS, CollectionsSchema, seedCollections, type Collections } from './editor-schemas'
import { publicCollections } from './collections'
import { openCourses } from './courses'
import { listHistory, readDocument, restoreVersion, saveDocument, VersionConflictError } from './site-documents.server'
import { readSiteData } from './stored-site.server'

const newDoctor = {
  id: 'sara-ahmadi',
  visible: true,
  retired: false,
  name: { en: 'Dr. Sara Ahmadi', fa: 'داکتر سارا احمدی', ps: '' },
  role: { en: 'Periodontist', fa: '', ps: '' },
  bio: { en: 'Gums.', fa: '', ps: '' },
  photo: null,
  photoAlt: { en: '', fa: '', ps: '' },
}

describe.each(testDatabases())('collections on $name', ({ open }) => {
  let handle: DatabaseHandle
  let editorId: number

  beforeAll(async () => {
    handle = await open()
    const [row] = await handle.db
      .insert(staff)
      .values({ username: 'collections', passwordHash: 'x', displayName: 'Collections Editor', role: 'editor' })
      .returning({ id: staff.id })
    editorId = row!.id
  })
  afterAll(async () => {
    await handle.close()
  })

  it('starts with the spec items on a fresh database, texts from the catalogue', async () => {
    const data = await readSiteData(handle.db)
    expect(await readDocument(handle.db, 'collections')).toBeNull()
    const shown = publicCollections(data.collections, 'en', publicMessagesFor('en'))
    expect(shown.services.map((s) => s.title)).toEqual([
      'General Dentistry',
      'Dental Implants',
      'Orthodontics',
      'Cosmetic Dentistry',
      'Root Canal Treatment',
      'Pediatric Dentistry',
    ])
    expect(shown.doctors).toHaveLength(3)
    expect(shown.testimonials.map((t) => t.rating)).toEqual([5, 5, 5])
    expect(shown.faculty).toHaveLength(3)
    expect(data.courses.map((c) => [c.id, c.feeAfn, c.durations.en, c.mode])).toEqual([
      ['diplomaDentistry', null, '2 Years', 'inPerson'],
      ['radiology', 25_000, '3 Months', 'inPerson'],
      ['cpr', 5_000, '1 Day Workshop', 'inPerson'],
      ['dentalAssisting', null, '6 Months', 'online'],
      ['medicalTerminology', null, '8 Weeks', 'online'],
      ['digitalDentistry', null, '4 Weeks', 'online'],
    ])
    expect(data.courses[1]!.names).toEqual({
      en: 'Short-term Radiology Course',
      fa: publicMessagesFor('fa').academy.courses.names.radiology,
      ps: publicMessagesFor('ps').academy.courses.names.radiology,
    })
  })

  it('publishes a fourth doctor, with the fallback to English for an empty translation', async () => {
    const value = seedCollections()
    value.doctors.push(newDoctor)
    await saveDocument(handle.db, 'collections', value, editorId)
    const data = await readSiteData(handle.db)
    const fa = publicCollections(data.collections, 'fa', publicMessagesFor('fa'))
    const ps = publicCollections(data.collections, 'ps', publicMessagesFor('ps'))
    expect(fa.doctors.at(-1)).toMatchObject({ name: 'داکتر سارا احمدی', role: 'Periodontist' })
    expect(ps.doctors.at(-1)).toMatchObject({ name: 'Dr. Sara Ahmadi' })
    expect(await listHistory(handle.db, 'collections')).toHaveLength(1)
  })

  it('keeps retired courses stored but out of SiteData.courses; the form offers open, shown ones', async () => {
    const value = (await readDocument(handle.db, 'collections'))!.value as Collections
    const courses = value.courses.map((course) =>
      course.id === 'cpr' ? { ...course, retired: true } : course.id === 'radiology' ? { ...course, open: false } : course,
    )
    courses[3] = { ...courses[3]!, visible: false }
    await saveDocument(handle.db, 'collections', { ...value, courses }, editorId)
    const data = await readSiteData(handle.db)
    expect(data.collections.courses.map((c) => c.id)).toContain('cpr')
    expect(data.courses.map((c) => c.id)).not.toContain('cpr')
    expect(openCourses(data).map((c) => c.id)).toEqual(['diplomaDentistry', 'medicalTerminology', 'digitalDentistry'])
  })

  it('refuses more items than the limit, a rating outside 1 to 5, a bad fee and a new item without an English name', () => {
    const value = seedCollections()
    const many = Array.from({ length: COLLECTION_LIMITS.items + 1 }, (_, i) => ({ ...newDoctor, id: `doctor-${i}` }))
    const codes = (input: unknown) => CollectionsSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message])
    expect(codes({ ...value, doctors: many })).toEqual([['doctors', 'tooMany']])
    expect(codes({ ...value, testimonials: [{ ...value.testimonials[0]!, rating: 6 }] })).toEqual([['testimonials.0.rating', 'rating']])
    expect(codes({ ...value, courses: [{ ...value.courses[0]!, feeAfn: -5 }] })).toEqual([['courses.0.feeAfn', 'fee']])
    expect(codes({ ...value, doctors: [{ ...newDoctor, name: { en: '', fa: 'نام', ps: '' } }] })).toEqual([
      ['doctors.0.name.en', 'required'],
    ])
    expect(codes({ ...value, services: [{ ...value.services[0]!, title: { en: 'x'.repeat(121), fa: '', ps: '' } }] })).toEqual([
      ['services.0.title.en', 'tooLong'],
    ])
  })

  it('refuses an invalid save without storing it', async () => {
    const before = await listHistory(handle.db, 'collections')
    const value = seedCollections()
    await expect(
      saveDocument(handle.db, 'collections', { ...value, testimonials: [{ ...value.testimonials[0]!, rating: 0 }] }, editorId),
    ).rejects.toThrow()
    expect(await listHistory(handle.db, 'collections')).toHaveLength(before.length)
  })

  it('answers a save over a version published meanwhile with a conflict', async () => {
    const stored = (await readDocument(handle.db, 'collections'))!
    await saveDocument(handle.db, 'collections', stored.value, editorId, { expectedVersion: stored.version })
    await expect(
      saveDocument(handle.db, 'collections', seedCollections(), editorId, { expectedVersion: stored.version }),
    ).rejects.toBeInstanceOf(VersionConflictError)
  })

  it('restores an earlier version', async () => {
    const history = await listHistory(handle.db, 'collections')
    const first = history.at(-1)!
    expect(await restoreVersion(handle.db, 'collections', editorId, first.id)).toBe(true)
    const data = await readSiteData(handle.db)
    expect(data.courses.map((c) => c.id)).toContain('cpr')
    expect(data.collections.doctors.map((d) => d.id)).toContain('sara-ahmadi')
  })
})
