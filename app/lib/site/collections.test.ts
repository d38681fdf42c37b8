import { describe, expect, it } from 'vitest'
import { messagesFor } from '~/locales'
import { editor } from '~/locales/en/editor'
import { applyItemMove, newItemId, parseItemMove, seedCollections } from './editor-schemas'
import { itemText, publicCollections } from './collections'
import { HOMEPAGE_LIMITS } from './site-data'
import { openCourses } from './courses'

describe('an item text', () => {
  const catalogue = messagesFor('fa')
  it('is the stored translation, else the stored English, else (spec items only) the catalogue', () => {
    const stored = { id: 'implants', title: { en: 'Implants', fa: 'ایمپلنت', ps: '' } }
    expect(itemText('services', stored, 'title', 'fa', catalogue)).toBe('ایمپلنت')
    expect(itemText('services', stored, 'title', 'ps', messagesFor('ps'))).toBe('Implants')
    expect(itemText('services', { id: 'implants' }, 'title', 'fa', catalogue)).toBe(catalogue.clinic.services.items.implants.title)
    expect(itemText('services', { id: 'whitening', title: { en: '', fa: '', ps: '' } }, 'title', 'fa', catalogue)).toBe('')
  })

  it('of a spec course duration comes from the catalogue duration of that course', () => {
    expect(itemText('courses', { id: 'cpr' }, 'duration', 'en', messagesFor('en'))).toBe('1 Day Workshop')
  })
})

describe('the public lists', () => {
  it('leave out hidden and retired items and keep the order', () => {
    const value = seedCollections()
    value.services = [value.services[2]!, { ...value.services[0]!, visible: false }, { ...value.services[1]!, retired: true }]
    const shown = publicCollections(value, 'en', messagesFor('en'))
    expect(shown.services.map((s) => s.id)).toEqual(['orthodontics'])
  })

  it('offer for registration only courses that are open and shown', () => {
    const course = { names: { en: 'A', fa: 'A', ps: 'A' }, durations: { en: '', fa: '', ps: '' }, mode: 'online' as const, feeAfn: null }
    const courses = [
      { ...course, id: 'a', open: true, visible: true },
      { ...course, id: 'b', open: false, visible: true },
      { ...course, id: 'c', open: true, visible: false },
    ]
    expect(openCourses({ courses }).map((c) => c.id)).toEqual(['a'])
  })

  it('are what the screen says the home page shows', () => {
    expect(editor.collections.homepageNote).toContain(
      `first ${HOMEPAGE_LIMITS.services} services, ${HOMEPAGE_LIMITS.doctors} doctors and ${HOMEPAGE_LIMITS.testimonials} testimonials`,
    )
  })
})

describe('the editor list', () => {
  const items = ['a', 'b', 'c'].map((id) => ({ id, visible: true, retired: false }))
  it('moves, drops, hides and retires', () => {
    expect(applyItemMove(items, parseItemMove('up:b')!).map((i) => i.id)).toEqual(['b', 'a', 'c'])
    expect(applyItemMove(items, parseItemMove('down:c')!).map((i) => i.id)).toEqual(['a', 'b', 'c'])
    expect(applyItemMove(items, parseItemMove('to:c:0')!).map((i) => i.id)).toEqual(['c', 'a', 'b'])
    expect(applyItemMove(items, parseItemMove('toggle:a')!)[0]!.visible).toBe(false)
    expect(applyItemMove(items, parseItemMove('retire:b')!)[1]!.retired).toBe(true)
    expect(parseItemMove('up:<script>')).toBeNull()
    expect(parseItemMove('to:a')).toBeNull()
  })

  it('names a new item from its English name, unique in the list', () => {
    expect(newItemId('Dr. Sara Ahmadi', [])).toBe('dr-sara-ahmadi')
    expect(newItemId('Dr. Sara Ahmadi', ['dr-sara-ahmadi'])).toBe('dr-sara-ahmadi-2')
    expect(newItemId('داکتر', [])).toBe('item')
  })
})
