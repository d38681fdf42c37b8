import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { auditLog, posts } from '~db/schema'
import { testDatabases } from '../../../tests/support/databases'
import { createTestStaff } from '../../../tests/support/staff'
import type { DatabaseHandle } from '../platform/db.server'
import { blankPostForm, postFormSchema, postInputOf, readPostForm, type PostFormValues } from './post-form'
import { listPostVersions, listStaffPosts, PostConflictError, restorePostVersion, savePost } from './post-saves.server'
import { listPublicPosts, readPreviewPost, readPublicPost } from './post-reads.server'
import { pastEvents, upcomingEvents } from './post-events.server'

const NOW = new Date('2026-03-01T06:00:00Z')
const HOUR = 3_600_000

function form(values: Partial<PostFormValues> & { en?: string; fa?: string; ps?: string }): PostFormValues {
  const base = blankPostForm(values.stream ?? 'articles')
  const texts = { ...base.texts }
  for (const l of ['en', 'fa', 'ps'] as const) {
    const title = values[l]
    if (title) texts[l] = { title, summary: `${title} in short`, body: `Body of ${title}` }
  }
  return { ...base, ...values, texts: values.texts ?? texts }
}

describe.each(testDatabases())('posts on $name', ({ open }) => {
  let handle: DatabaseHandle
  let editor: { id: number; username: string; displayName: string }

  beforeAll(async () => {
    handle = await open()
    const id = await createTestStaff(handle.db, 'editor', 'writer')
    editor = { id, username: 'writer', displayName: 'Desk Person' }
  })
  afterAll(async () => {
    await handle.close()
  })

  const save = (values: PostFormValues, id: number | null = null, now = NOW, expectedVersion?: number) =>
    savePost(handle.db, editor, id, postInputOf(values), null, { now, expectedVersion })

  it('shows a scheduled post only from its time, and drafts never', async () => {
    const draft = await save(form({ en: 'A draft' }))
    const scheduled = await save(form({ fa: 'مراقبت از دندان‌ها', status: 'scheduled', publishDate: '2026-03-01', publishTime: '12:00' }))
    const before = await listPublicPosts(handle.db, { stream: 'articles', locale: 'fa', page: 1, now: NOW })
    expect(before.posts.map((p) => p.id)).not.toContain(scheduled)
    expect(await readPublicPost(handle.db, { stream: 'articles', id: scheduled, locale: 'fa', now: NOW })).toBeNull()
    // 12:00 in Kabul is 07:30 UTC.
    const at = new Date('2026-03-01T07:30:00Z')
    const after = await listPublicPosts(handle.db, { stream: 'articles', locale: 'fa', page: 1, now: at })
    expect(after.posts.map((p) => p.id)).toContain(scheduled)
    expect(after.posts.map((p) => p.id)).not.toContain(draft)
    expect(await readPublicPost(handle.db, { stream: 'articles', id: draft, locale: 'en', now: at })).toBeNull()
    // Staff preview a draft.
    expect((await readPreviewPost(handle.db, { stream: 'articles', id: draft, locale: 'en' }))?.title).toBe('A draft')
    // The wrong stream is not found.
    expect(await readPublicPost(handle.db, { stream: 'news', id: scheduled, locale: 'fa', now: at })).toBeNull()
  })

  it("lists the reader's language first, says which language a post is shown in, and pages by ten", async () => {
    const start = new Date(NOW.getTime() + 10 * HOUR)
    for (let i = 0; i < 12; i++)
      await save(form({ stream: 'news', en: `English ${i}`, status: 'published' }), null, new Date(start.getTime() + i * 60_000))
    await save(form({ stream: 'news', ps: 'د غاښونو ساتنه', status: 'published' }), null, start)
    const now = new Date(start.getTime() + HOUR)
    const pashto = await listPublicPosts(handle.db, { stream: 'news', locale: 'ps', page: 1, now })
    expect(pashto.total).toBe(13)
    expect(pashto.pages).toBe(2)
    expect(pashto.posts).toHaveLength(10)
    expect(pashto.posts[0]).toMatchObject({ title: 'د غاښونو ساتنه', shownIn: 'ps' })
    expect(pashto.posts[1]).toMatchObject({ title: 'English 11', shownIn: 'en' })
    expect(pashto.posts[0]!.path).toMatch(/^\/ps\/academy\/news\/\d+$/)
    const english = await listPublicPosts(handle.db, { stream: 'news', locale: 'en', page: 2, now })
    expect(english.posts.map((p) => p.title)).toEqual(['English 1', 'English 0', 'د غاښونو ساتنه'])
    expect(english.posts[2]!.shownIn).toBe('ps')
  })

  it('keeps every version, refuses a save over a newer one, and restores an earlier version', async () => {
    const id = await save(form({ en: 'First words', slug: 'first-words', status: 'published' }))
    const [row] = await handle.db.select().from(posts).where(eq(posts.id, id))
    await save(form({ en: 'Second words', slug: 'first-words', status: 'published' }), id, new Date(NOW.getTime() + 1000), row!.version)
    await expect(
      save(form({ en: 'Third words', status: 'published' }), id, new Date(NOW.getTime() + 2000), row!.version),
    ).rejects.toBeInstanceOf(PostConflictError)
    const versions = await listPostVersions(handle.db, id)
    expect(versions).toHaveLength(2)
    expect(await restorePostVersion(handle.db, editor, id, versions[1]!.id)).toBe(true)
    const shown = await readPublicPost(handle.db, { stream: 'articles', id, locale: 'en', now: new Date(NOW.getTime() + HOUR) })
    expect(shown?.title).toBe('First words')
    expect(shown?.path).toBe(`/clinic/blog/${id}-first-words`)
    expect(shown?.html).toBe('<p>Body of First words</p>\n')
    const entries = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `post:${id}`))
    expect(entries.map((e) => e.action).sort()).toEqual(['post-restore', 'post-save', 'post-save'])
    expect(entries.every((e) => e.actor === 'writer')).toBe(true)
  })

  it('filters the staff list by stream, status and language', async () => {
    const list = await listStaffPosts(handle.db, { stream: 'articles', status: 'draft', page: 1, now: NOW })
    expect(list.rows.every((row) => row.stream === 'articles' && row.status === 'draft')).toBe(true)
    expect(list.rows.length).toBeGreaterThan(0)
    const pashto = await listStaffPosts(handle.db, { language: 'ps', page: 1, now: NOW })
    expect(pashto.rows.map((row) => row.title)).toEqual(['د غاښونو ساتنه'])
    // A scheduled post whose time has come is listed as published.
    const later = await listStaffPosts(handle.db, { status: 'published', language: 'fa', page: 1, now: new Date('2026-03-02T00:00:00Z') })
    expect(later.rows.map((row) => row.status)).toEqual(['published'])
  })

  it('lists events to come, soonest first', async () => {
    const event = (title: string, date: string) =>
      save(
        form({
          stream: 'news',
          en: title,
          status: 'published',
          eventStartDate: date,
          eventStartTime: '09:00',
          place: { en: 'Main hall', fa: '', ps: '' },
        }),
      )
    await event('Later day', '2026-04-10')
    await event('Open day', '2026-03-10')
    await event('Old day', '2026-02-10')
    const next = await upcomingEvents(handle.db, { locale: 'fa', now: new Date(NOW.getTime() + HOUR), limit: 3 })
    expect(next.map((p) => p.title)).toEqual(['Open day', 'Later day'])
    expect(next[0]!.event).toMatchObject({ start: '2026-03-10T04:30:00.000Z', place: 'Main hall' })
    // The archive: events over, latest first; once the open day is over it joins it.
    const archive = await pastEvents(handle.db, { locale: 'fa', now: new Date(NOW.getTime() + HOUR), page: 1 })
    expect(archive.posts.map((p) => p.title)).toEqual(['Old day'])
    const later = await pastEvents(handle.db, { locale: 'en', now: new Date('2026-03-11T00:00:00Z'), page: 1 })
    expect(later.posts.map((p) => p.title)).toEqual(['Open day', 'Old day'])
    expect(later.total).toBe(2)
  })
})

describe('the post form', () => {
  const read = (entries: Record<string, string>) => {
    const data = new FormData()
    for (const [k, v] of Object.entries(entries)) data.set(k, v)
    return readPostForm(data, 'articles')
  }

  it('refuses a post without a language, a body without a title and a schedule in the past', () => {
    const result = postFormSchema(NOW).safeParse(
      read({ 'body.fa': 'متن', status: 'scheduled', publishDate: '2026-02-01', publishTime: '10:00' }),
    )
    expect(result.success).toBe(false)
    const codes = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]))
    expect(codes).toMatchObject({ 'texts.en.title': 'noLanguage', 'texts.fa.title': 'titleMissing', publishDate: 'scheduleInPast' })
  })

  it('reads a Solar Hijri date with Eastern digits and a Kabul time', () => {
    const values = read({
      'title.fa': 'عنوان',
      'body.fa': 'متن',
      status: 'scheduled',
      publishDateDay: '۱۱',
      publishDateMonth: '12',
      publishDateYear: '1404',
      publishTime: '۰۹:۳۰',
    })
    expect(values.publishDate).toBe('2026-03-02')
    expect(values.publishTime).toBe('09:30')
    expect(postFormSchema(NOW).safeParse(values).success).toBe(true)
    expect(postInputOf(values).publishAt?.toISOString()).toBe('2026-03-02T05:00:00.000Z')
  })
})
