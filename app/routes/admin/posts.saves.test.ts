import { LONG_RUN_TIMEOUT } from '../../../tests/support/long-runs'
import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, posts, type StaffRole } from '~db/schema'
import { connectDatabase, database, disconnectDatabase, type DatabaseTarget } from '~/lib/platform/db.server'
import { requestContext } from '~/lib/platform/request-context'
import { createSession } from '~/lib/staff/sessions.server'
import { createStaff } from '~/lib/staff/staff.server'
import { posts as en } from '~/locales/en/posts'
import { afterMiddleware } from '../../../tests/support/middleware'
import * as layout from './admin-layout'
import * as editor from './post-editor'
import * as list from './posts'

// The Posts screen called as the server would, behind the admin shell's middleware, on both
// databases: who reads and who writes each stream, refusals that keep what was typed, the
// schedule's time, a save over a newer version and a restore.

const ORIGIN = 'http://localhost:3000'
const ROLES: StaffRole[] = ['admin', 'reception', 'academy', 'editor']
type Handler = (args: never) => Promise<unknown> | unknown
interface Answer {
  status: number
  body: Record<string, unknown>
  location: string | null
}

function unwrap(result: unknown): Answer {
  if (result instanceof Response) return { status: result.status, body: {}, location: result.headers.get('Location') }
  if (result && typeof result === 'object' && 'init' in result && 'data' in result) {
    const { init, data } = result as { init: { status?: number } | null; data: Record<string, unknown> }
    return { status: init?.status ?? 200, body: data, location: null }
  }
  return { status: 200, body: result as Record<string, unknown>, location: null }
}

const targets: Array<{ name: string; open: () => Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> }> = [
  { name: 'pglite', open: async () => ({ target: { memory: true }, drop: async () => {} }) },
]
const serverUrl = process.env.TEST_DATABASE_URL
if (serverUrl) {
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    await client.query(sql)
    await client.end()
  }
  targets.push({
    name: 'postgres',
    open: async () => {
      const name = `test_${randomBytes(6).toString('hex')}`
      await query(`create database ${name}`)
      const url = new URL(serverUrl)
      url.pathname = `/${name}`
      return { target: { url: url.toString() }, drop: () => query(`drop database if exists ${name} with (force)`) }
    },
  })
}

/** A Dari article as the editor's form sends it; `extra` overrides fields. */
function articleForm(extra: Record<string, string> = {}): Record<string, string> {
  return {
    intent: 'save',
    version: '',
    'title.en': '',
    'title.fa': 'مسواک زدن روزانه',
    'summary.fa': 'دو بار در روز',
    'body.fa': '## چرا\n\nدندان‌های سالم.',
    status: 'draft',
    publishDate: '',
    publishTime: '',
    cover: '',
    ...extra,
  }
}

describe.each(targets)('the Posts screen on $name', ({ open }) => {
  const cookies: Partial<Record<StaffRole, string>> = {}
  let drop: () => Promise<void>

  async function call(handler: Handler, path: string, role: StaffRole, post: string | undefined, form?: Record<string, string>) {
    const headers = new Headers({ Accept: '*/*', 'Sec-Fetch-Mode': 'cors', Cookie: cookies[role]! })
    if (form) headers.set('Origin', ORIGIN)
    const request = new Request(`${ORIGIN}${path}`, {
      method: form ? 'POST' : 'GET',
      headers,
      body: form ? new URLSearchParams({ ...form, formEnd: '1' }) : undefined,
    })
    const args = { request, params: { post }, context: requestContext({ nonce: '', clientAddress: '127.0.0.1' }) }
    try {
      return unwrap(await afterMiddleware(layout.middleware, handler)(args as never))
    } catch (thrown) {
      return unwrap(thrown)
    }
  }
  const save = (role: StaffRole, post: string, form: Record<string, string>, stream = 'articles') =>
    call(editor.action as Handler, post === 'new' ? `/admin/posts/new?stream=${stream}` : `/admin/posts/${post}`, role, post, form)
  const openPost = (role: StaffRole, post: string, stream = '') =>
    call(editor.loader as Handler, `/admin/posts/${post}${stream ? `?stream=${stream}` : ''}`, role, post)
  const count = async () => (await (await database()).select({ id: posts.id }).from(posts)).length

  beforeAll(async () => {
    const opening = await open()
    drop = opening.drop
    await connectDatabase(opening.target)
    const db = await database()
    for (const role of ROLES) {
      const created = await createStaff(
        db,
        { username: `posts-${role}`, displayName: `Posts ${role}`, role, password: 'tangerine orbit 61 willow' },
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

  it('lets reception read the list and a post, but every write answers 403 and stores nothing', async () => {
    const created = await save('editor', 'new', articleForm())
    expect(created.status).toBe(302)
    const id = created.location!.match(/\/admin\/posts\/(\d+)\?saved$/)![1]!
    const before = await count()

    expect((await call(list.loader as Handler, '/admin/posts', 'reception', undefined)).status).toBe(200)
    const opened = await openPost('reception', id)
    expect(opened.status).toBe(200)
    expect(opened.body.canWrite).toBe(false)
    expect((await openPost('reception', 'new', 'articles')).status).toBe(403)
    expect((await save('reception', 'new', articleForm())).status).toBe(403)
    expect((await save('reception', 'new', articleForm(), 'news')).status).toBe(403)
    expect((await save('reception', id, articleForm({ 'title.fa': 'changed' }))).status).toBe(403)
    expect((await save('reception', id, { intent: 'restore', versionId: '1' })).status).toBe(403)
    expect(await count()).toBe(before)
  })

  it('gives the academy office the news and the editors the articles, administrators both', async () => {
    expect((await save('academy', 'new', articleForm())).status).toBe(403)
    expect((await save('editor', 'new', articleForm(), 'news')).status).toBe(403)
    expect((await save('academy', 'new', articleForm(), 'news')).status).toBe(302)
    expect((await save('admin', 'new', articleForm(), 'news')).status).toBe(302)
    expect((await save('admin', 'new', articleForm())).status).toBe(302)
    const lists = await call(list.loader as Handler, '/admin/posts?stream=news&language=fa', 'academy', undefined)
    expect(lists.body.writable).toEqual(['news'])
    expect((lists.body.rows as Array<{ stream: string }>).every((row) => row.stream === 'news')).toBe(true)
  })

  it('refuses a scheduled post without a time, with its message, keeping what was typed', async () => {
    const before = await count()
    const answer = await save('editor', 'new', articleForm({ status: 'scheduled', 'title.en': 'Brushing', 'body.en': '' }))
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toMatchObject({ publishDate: en.editor.errors.scheduleNeedsTime, 'body.en': en.editor.errors.bodyMissing })
    const values = answer.body.values as { status: string; texts: Record<string, { title: string; body: string }> }
    expect(values.status).toBe('scheduled')
    expect(values.texts.fa!.title).toBe('مسواک زدن روزانه')
    expect(values.texts.en!.title).toBe('Brushing')
    expect(await count()).toBe(before)

    const noTime = await save('editor', 'new', articleForm({ status: 'scheduled', publishDate: '2999-01-01', publishTime: '' }))
    expect(noTime.body.errors).toMatchObject({ publishTime: en.editor.errors.scheduleNeedsTime })
    const unknownCover = await save('editor', 'new', articleForm({ cover: 'abcdefabcdefabcdef12' }))
    expect(unknownCover.status).toBe(400)
    expect(unknownCover.body.errors).toMatchObject({ cover: en.editor.errors.coverUnknown })
    const foreignImage = await save('editor', 'new', articleForm({ 'body.fa': 'عکس: ![x](https://elsewhere.example/a.png)' }))
    expect(foreignImage.body.errors).toMatchObject({ 'body.fa': en.editor.errors.imageUnknown })
    expect(await count()).toBe(before)
  })

  it('answers a language tab pressed without JavaScript with everything typed, that tab open and nothing saved', async () => {
    const before = await count()
    // Half-typed: a save would be refused; a tab switch keeps it all.
    const answer = await save('editor', 'new', articleForm({ 'title.en': 'Half an English title', 'body.en': '', tab: 'ps' }))
    expect(answer.status).toBe(200)
    expect(answer.body.tab).toBe('ps')
    expect(answer.body.errors).toEqual({})
    const values = answer.body.values as { texts: Record<string, { title: string }> }
    expect(values.texts.en!.title).toBe('Half an English title')
    expect(values.texts.fa!.title).toBe('مسواک زدن روزانه')
    expect(await count()).toBe(before)
    // Reception, who cannot write, cannot use it to reach the form's handling either.
    expect((await save('reception', 'new', articleForm({ tab: 'ps' }))).status).toBe(403)
  })

  it('schedules a post at a Kabul time, refuses a save over a newer version and restores an earlier one', async () => {
    const created = await save('editor', 'new', articleForm({ status: 'scheduled', publishDate: '2999-01-01', publishTime: '09:30' }))
    const id = Number(created.location!.match(/(\d+)\?saved$/)![1])
    const db = await database()
    const [row] = await db.select().from(posts).where(eq(posts.id, id))
    expect(row!.publishAt!.toISOString()).toBe('2999-01-01T05:00:00.000Z')
    expect(row!.status).toBe('scheduled')

    const edited = await save('editor', String(id), articleForm({ version: '1', 'title.fa': 'عنوان دوم', status: 'draft' }))
    expect(edited.status).toBe(200)
    const stale = await save('editor', String(id), articleForm({ version: '1', 'title.fa': 'عنوان سوم' }))
    expect(stale.status).toBe(409)
    expect((stale.body.values as { texts: { fa: { title: string } } }).texts.fa.title).toBe('عنوان سوم')

    const opened = await openPost('editor', String(id))
    const history = opened.body.history as Array<{ id: number }>
    expect(history).toHaveLength(2)
    expect((await save('editor', String(id), { intent: 'restore', versionId: String(history[1]!.id) })).status).toBe(200)
    const [restored] = await db.select().from(posts).where(eq(posts.id, id))
    expect(restored!.texts.fa.title).toBe('مسواک زدن روزانه')
    const audit = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.target, `post:${id}`)))
    expect(audit.map((entry) => entry.action).sort()).toEqual(['post-restore', 'post-save', 'post-save'])
  })

  it('opens a scheduled post whose time has come as published, so saving it again is not refused as past', async () => {
    const created = await save('editor', 'new', articleForm({ status: 'scheduled', publishDate: '2999-01-01', publishTime: '09:30' }))
    const id = Number(created.location!.match(/(\d+)\?saved$/)![1])
    const earlier = new Date('2020-01-01T00:00:00Z')
    await (await database()).update(posts).set({ publishAt: earlier }).where(eq(posts.id, id))
    const opened = await openPost('editor', String(id))
    const post = opened.body.post as {
      status: string
      publicPath: string | null
      values: { status: string; publishDate: string; publishTime: string }
    }
    expect(post.status).toBe('published')
    expect(post.values.status).toBe('published')
    expect(post.values.publishDate).toBe('2020-01-01')
    expect(post.values.publishTime).toBe('04:30')
    expect(post.publicPath).toBe(`/fa/clinic/blog/${id}`)
    const form = { version: '1', status: post.values.status, publishDate: post.values.publishDate, publishTime: post.values.publishTime }
    const again = await save('editor', String(id), articleForm(form))
    expect(again.status).toBe(200)
    const [row] = await (await database()).select().from(posts).where(eq(posts.id, id))
    expect(row!.publishAt).toEqual(earlier)
  })
  it('stores an event with its Kabul times, place and course, and refuses a course the site does not offer', async () => {
    const event = {
      eventStartDate: '2999-03-01',
      eventStartTime: '10:00',
      eventEndDate: '2999-03-01',
      eventEndTime: '08:00',
      'place.fa': 'صنف اول',
      course: 'radiology',
    }
    const early = await save('academy', 'new', articleForm(event), 'news')
    expect(early.body.errors).toMatchObject({ eventEndDate: en.editor.errors.endBeforeStart })
    const unknown = await save('academy', 'new', articleForm({ ...event, eventEndTime: '12:00', course: 'no-such-course' }), 'news')
    expect(unknown.body.errors).toMatchObject({ course: en.editor.errors.courseUnknown })
    expect((unknown.body.values as { place: { fa: string } }).place.fa).toBe('صنف اول')
    const created = await save('academy', 'new', articleForm({ ...event, eventEndTime: '12:00' }), 'news')
    const id = Number(created.location!.match(/(\d+)\?saved$/)![1])
    const [row] = await (await database()).select().from(posts).where(eq(posts.id, id))
    expect([row!.eventStart!.toISOString(), row!.eventEnd!.toISOString()]).toEqual(['2999-03-01T05:30:00.000Z', '2999-03-01T07:30:00.000Z'])
    expect(row!.place?.fa).toBe('صنف اول')
    expect(row!.courseId).toBe('radiology')
  })
})
