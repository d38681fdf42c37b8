import { LONG_RUN_TIMEOUT } from '../../../tests/support/long-runs'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StaffRole } from '~db/schema'
import { connectDatabase, database, disconnectDatabase, type DatabaseTarget } from '~/lib/platform/db.server'
import { COLLECTION_LIMITS, type FormItem } from '~/lib/site/editor-schemas'
import { readDocument } from '~/lib/site/site-documents.server'
import { createSession } from '~/lib/staff/sessions.server'
import { createStaff } from '~/lib/staff/staff.server'
import { editor as en } from '~/locales/en/editor'
import { requestContext } from '~/lib/platform/request-context'
import * as screen from './collections'
import { afterMiddleware } from '../../../tests/support/middleware'
import * as layout from './admin-layout'

// The collections screen called as the server would, on both databases: who may use it, the
// refusals (limits, a bad rating, a bad fee) with the values kept, and a save over a newer version.

const ORIGIN = 'http://localhost:3000'
type Handler = (args: never) => Promise<unknown> | unknown
interface Answer {
  status: number
  body: Record<string, unknown>
}

function unwrap(result: unknown): Answer {
  if (result && typeof result === 'object' && 'init' in result && 'data' in result) {
    const { init, data } = result as { init: { status?: number } | null; data: Record<string, unknown> }
    return { status: init?.status ?? 200, body: data }
  }
  if (result instanceof Response) return { status: result.status, body: {} }
  return { status: 200, body: result as Record<string, unknown> }
}

/** The form the screen sends for a list of items. */
function formOf(collection: string, items: FormItem[], extra: Record<string, string>): Record<string, string> {
  const form: Record<string, string> = { collection, count: String(items.length), ...extra }
  items.forEach((item, i) => {
    form[`item.${i}.id`] = item.id
    if (item.isNew) form[`item.${i}.new`] = '1'
    if (item.visible) form[`item.${i}.visible`] = 'on'
    if (item.retired) form[`item.${i}.retired`] = '1'
    for (const [field, texts] of Object.entries(item.texts)) {
      for (const [locale, text] of Object.entries(texts)) form[`item.${i}.${field}.${locale}`] = text
    }
    form[`item.${i}.rating`] = item.rating
    form[`item.${i}.mode`] = item.mode
    form[`item.${i}.fee`] = item.fee
    if (item.open) form[`item.${i}.open`] = 'on'
    form[`item.${i}.photo`] = item.photo
    for (const [locale, text] of Object.entries(item.photoAlt)) form[`item.${i}.photoAlt.${locale}`] = text
  })
  return form
}

interface Target {
  name: string
  open: () => Promise<{ target: DatabaseTarget; drop: () => Promise<void> }>
}

const targets: Target[] = [{ name: 'pglite', open: async () => ({ target: { memory: true }, drop: async () => {} }) }]
const serverUrl = process.env.TEST_DATABASE_URL
if (serverUrl) {
  targets.push({
    name: 'postgres',
    open: async () => {
      const name = `test_${randomBytes(6).toString('hex')}`
      const admin = new pg.Client({ connectionString: serverUrl })
      await admin.connect()
      await admin.query(`create database ${name}`)
      await admin.end()
      const url = new URL(serverUrl)
      url.pathname = `/${name}`
      return {
        target: { url: url.toString() },
        drop: async () => {
          const cleanup = new pg.Client({ connectionString: serverUrl })
          await cleanup.connect()
          await cleanup.query(`drop database if exists ${name} with (force)`)
          await cleanup.end()
        },
      }
    },
  })
}

describe.each(targets)('the collections screen on $name', ({ open }) => {
  const cookies: Partial<Record<StaffRole, string>> = {}
  let drop: () => Promise<void>

  async function call(handler: Handler, path: string, role: StaffRole, form?: Record<string, string>): Promise<Answer> {
    const headers = new Headers({ Accept: '*/*', 'Sec-Fetch-Mode': 'cors', Cookie: cookies[role]! })
    let body: URLSearchParams | undefined
    if (form) {
      headers.set('Origin', ORIGIN)
      body = new URLSearchParams(form)
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
  const opened = async (collection: string) => {
    const answer = await call(screen.loader as Handler, `/admin/collections?c=${collection}`, 'editor')
    expect(answer.status).toBe(200)
    return { items: answer.body.items as FormItem[], version: answer.body.version as number | null }
  }
  /** Posts the form whole, as a loaded page sends it: its end field last. */
  const post = (form: Record<string, string>, role: StaffRole = 'editor') =>
    call(screen.action as Handler, '/admin/collections', role, { ...form, formEnd: '1' })
  const version = (v: number | null) => (v === null ? '' : String(v))

  beforeAll(async () => {
    const opening = await open()
    drop = opening.drop
    await connectDatabase(opening.target)
    const db = await database()
    for (const role of ['editor', 'academy'] as const) {
      const created = await createStaff(
        db,
        { username: `collections-${role}`, displayName: `Collections ${role}`, role, password: 'tangerine orbit 61 willow' },
        { params: { ln: 10, r: 8, p: 1 } },
      )
      if (!created.ok) throw new Error(created.problem)
      cookies[role] = `staff_session=${await createSession(db, created.id)}`
    }
  }, LONG_RUN_TIMEOUT)

  afterAll(async () => {
    await disconnectDatabase()
    await drop()
  })

  it('is for editors and administrators: the academy office gets 403 from the screen and from a save', async () => {
    expect((await call(screen.loader as Handler, '/admin/collections?c=courses', 'academy')).status).toBe(403)
    const { items } = await opened('courses')
    expect((await post(formOf('courses', items, { intent: 'save', version: '' }), 'academy')).status).toBe(403)
    expect(await readDocument(await database(), 'collections')).toBeNull()
  })

  it('shows the spec items before the first save, with the built-in texts', async () => {
    const { items, version } = await opened('courses')
    expect(version).toBeNull()
    expect(items.map((item) => [item.id, item.texts.name!.en, item.texts.duration!.en, item.fee, item.mode])).toEqual([
      ['diplomaDentistry', 'Diploma in Dentistry', '2 Years', '', 'inPerson'],
      ['radiology', 'Short-term Radiology Course', '3 Months', '25000', 'inPerson'],
      ['cpr', 'Advanced CPR Training', '1 Day Workshop', '5000', 'inPerson'],
      ['dentalAssisting', 'Virtual Dental Assisting', '6 Months', '', 'online'],
      ['medicalTerminology', 'Medical Terminology Online', '8 Weeks', '', 'online'],
      ['digitalDentistry', 'Digital Dentistry & CAD/CAM', '4 Weeks', '', 'online'],
    ])
  })

  it('answers a move unsaved, and adds an item', async () => {
    const { items } = await opened('services')
    const moved = await post(formOf('services', items, { intent: 'up:implants' }))
    expect(moved.status).toBe(200)
    expect((moved.body.draft as FormItem[]).slice(0, 2).map((item) => item.id)).toEqual(['implants', 'general'])
    const added = await post(formOf('services', items, { intent: 'add' }))
    expect((added.body.draft as FormItem[]).at(-1)).toMatchObject({ id: 'new', isNew: true })
    expect(await readDocument(await database(), 'collections')).toBeNull()
  })

  it('refuses a form sent before its page had loaded (no end field): neither a move nor a save, nothing published', async () => {
    const { items, version: v } = await opened('services')
    for (const intent of ['up:implants', 'save']) {
      const cut = formOf('services', items.slice(0, 2), { intent, version: version(v) })
      const answer = await call(screen.action as Handler, '/admin/collections', 'editor', cut)
      expect(answer.status).toBe(400)
      expect((answer.body.feedback as { text: string }).text).toBe(en.common.formCutShort)
      expect(answer.body.draft).toBeUndefined()
    }
    expect(await readDocument(await database(), 'collections')).toBeNull()
  })

  it('refuses a rating outside 1 to 5 and a bad fee with their messages, the values kept, nothing saved', async () => {
    const testimonials = (await opened('testimonials')).items
    testimonials[0] = { ...testimonials[0]!, rating: '9' }
    const rating = await post(formOf('testimonials', testimonials, { intent: 'save', version: '' }))
    expect(rating.status).toBe(400)
    expect((rating.body.errors as Record<string, string>)['item.0.rating']).toBe(en.errors.rating)
    expect((rating.body.draft as FormItem[])[0]!.rating).toBe('9')

    const courses = (await opened('courses')).items
    courses[1] = { ...courses[1]!, fee: '25 thousand' }
    const fee = await post(formOf('courses', courses, { intent: 'save', version: '' }))
    expect(fee.status).toBe(400)
    expect((fee.body.errors as Record<string, string>)['item.1.fee']).toBe(en.errors.fee)
    expect((fee.body.draft as FormItem[])[1]!.fee).toBe('25 thousand')
    expect(await readDocument(await database(), 'collections')).toBeNull()
  })

  it('refuses a new item without an English name, a too long text and a photo not in the media library', async () => {
    const doctors = (await opened('doctors')).items
    const blank = {
      ...doctors[0]!,
      id: 'new',
      isNew: true,
      texts: { name: { en: '', fa: 'نام', ps: '' }, role: doctors[0]!.texts.role!, bio: doctors[0]!.texts.bio! },
    }
    const long = { ...doctors[1]!, texts: { ...doctors[1]!.texts, name: { en: 'x'.repeat(COLLECTION_LIMITS.line + 1), fa: '', ps: '' } } }
    const photo = { ...doctors[2]!, photo: 'abcdefabcdefabcdef12' }
    const answer = await post(formOf('doctors', [doctors[0]!, long, photo, blank], { intent: 'save', version: '' }))
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toMatchObject({
      'item.1.name.en': en.errors.tooLong,
      'item.2.photo': en.errors.photo,
      'item.3.name.en': en.errors.required,
    })
  })

  it(`refuses more than ${COLLECTION_LIMITS.items} items, on adding and on saving`, async () => {
    const { items } = await opened('services')
    const many = Array.from({ length: COLLECTION_LIMITS.items }, (_, i) => ({
      ...items[0]!,
      id: `service-${i}`,
      isNew: false,
      texts: { title: { en: `Service ${i}`, fa: '', ps: '' }, description: { en: '', fa: '', ps: '' } },
    }))
    const add = await post(formOf('services', many, { intent: 'add' }))
    expect(add.status).toBe(400)
    expect((add.body.feedback as { text: string }).text).toBe(en.errors.tooMany)
    expect(add.body.draft).toHaveLength(COLLECTION_LIMITS.items)
    const save = await post(formOf('services', [...many, { ...many[0]!, id: 'one-more' }], { intent: 'save', version: '' }))
    expect(save.status).toBe(400)
    expect((save.body.feedback as { text: string }).text).toBe(en.errors.tooMany)
  })

  it('names a new item from its English name and publishes; a save over a newer version gets 409, the values kept', async () => {
    const first = await opened('doctors')
    const newcomer: FormItem = {
      ...first.items[0]!,
      id: 'new',
      isNew: true,
      texts: {
        name: { en: 'Dr. Sara Ahmadi', fa: '', ps: '' },
        role: { en: 'Periodontist', fa: '', ps: '' },
        bio: { en: '', fa: '', ps: '' },
      },
      photo: '',
    }
    const saved = await post(formOf('doctors', [...first.items, newcomer], { intent: 'save', version: version(first.version) }))
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const stored = (await readDocument(await database(), 'collections'))!
    expect(stored.value.doctors.map((d) => d.id)).toEqual(['implantologist', 'orthodontist', 'general', 'dr-sara-ahmadi'])

    // A second editor still on the first version saves the list without the newcomer.
    const late = await post(formOf('doctors', first.items, { intent: 'save', version: version(first.version) }))
    expect(late.status).toBe(409)
    expect((late.body.feedback as { title: string }).title).toBe(en.saveConflict.title)
    expect(late.body.draft).toHaveLength(3)
    expect((await readDocument(await database(), 'collections'))!.version).toBe(stored.version)
  })

  it('restores an earlier version, and says so when there is none', async () => {
    // The newcomer retired, then the version before restored: the newcomer is back.
    const now = await opened('doctors')
    const retired = now.items.map((item) => (item.id === 'dr-sara-ahmadi' ? { ...item, retired: true } : item))
    expect((await post(formOf('doctors', retired, { intent: 'save', version: version(now.version) }))).status).toBe(200)
    expect((await readDocument(await database(), 'collections'))!.value.doctors.at(-1)!.retired).toBe(true)
    const restored = await post({ intent: 'restore' })
    expect(restored.status).toBe(200)
    expect((await readDocument(await database(), 'collections'))!.value.doctors.at(-1)!.retired).toBe(false)
    const unknown = await post({ intent: 'restore', versionId: '999999' })
    expect(unknown.status).toBe(404)
  })
})
