import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabases } from '../../../tests/support/databases'
import { createTestAuthor, publishTestPost } from '../../../tests/support/posts'
import type { DatabaseHandle } from '../platform/db.server'
import { feedPath, postFeedXml } from './post-feed.server'
import { savePost } from './post-saves.server'

const AT = new Date('2026-03-01T06:00:00Z')
const LATER = new Date('2026-03-05T06:00:00Z')
const URL_BASE = 'https://dental.example.af'

const entries = (xml: string) => [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((m) => m[1]!)
const titleOf = (entry: string) => /<title type="html"><!\[CDATA\[([\s\S]*?)\]\]><\/title>/.exec(entry)?.[1]

describe.each(testDatabases())('the posts feeds on $name', ({ open }) => {
  let handle: DatabaseHandle
  let author: Awaited<ReturnType<typeof createTestAuthor>>

  beforeAll(async () => {
    handle = await open()
    author = await createTestAuthor(handle.db)
  })
  afterAll(async () => {
    await handle.close()
  })

  const feed = (stream: 'articles' | 'news', locale: 'en' | 'fa' | 'ps', now = LATER) =>
    postFeedXml(handle.db, { stream, locale, now, publicUrl: URL_BASE, title: 'Blog | Clinic' })

  it('lists the visible posts written in its language, newest first, with links and authors', async () => {
    await publishTestPost(handle.db, author, {
      stream: 'articles',
      texts: { en: { title: 'Brushing twice a day', summary: 'Why & how' } },
      slug: 'brushing',
      at: AT,
    })
    const dari = await publishTestPost(handle.db, author, {
      stream: 'articles',
      texts: { fa: { title: 'مراقبت از دندان‌ها' } },
      at: new Date(AT.getTime() + 60_000),
    })
    await publishTestPost(handle.db, author, { stream: 'news', texts: { en: { title: 'Open day' } }, at: AT })
    // A post due only after the feed's moment, and a draft, stay out.
    await publishTestPost(handle.db, author, {
      stream: 'articles',
      texts: { en: { title: 'Not yet' } },
      at: new Date(LATER.getTime() + 60_000),
    })

    const english = await feed('articles', 'en')
    expect(english).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/)
    expect(english).toContain(`<link rel="self" href="${URL_BASE}/clinic/blog/feed.xml"/>`)
    const [entry, ...rest] = entries(english)
    expect(rest).toEqual([])
    expect(titleOf(entry!)).toBe('Brushing twice a day')
    expect(entry).toMatch(/<link href="https:\/\/dental\.example\.af\/clinic\/blog\/\d+-brushing"\/>/)
    expect(entry).toContain('<summary type="html"><![CDATA[Why &amp; how]]></summary>')
    expect(entry).toContain('<name>Dr. Author</name>')

    const dariFeed = await feed('articles', 'fa')
    expect(entries(dariFeed).map(titleOf)).toEqual(['مراقبت از دندان‌ها'])
    expect(dariFeed).toContain(`<link href="${URL_BASE}/fa/clinic/blog/${dari}"/>`)
    expect(entries(await feed('articles', 'ps'))).toEqual([])
    expect(entries(await feed('news', 'en')).map(titleOf)).toEqual(['Open day'])
  })

  it('shows a scheduled post from its time on', async () => {
    const publishAt = new Date('2026-03-10T07:30:00Z')
    await savePost(
      handle.db,
      author,
      null,
      {
        stream: 'news',
        slug: '',
        status: 'scheduled',
        publishAt,
        texts: {
          en: { title: '', summary: '', body: '' },
          fa: { title: '', summary: '', body: '' },
          ps: { title: 'د دروازې ورځ', summary: '', body: '' },
        },
        languages: ['ps'],
        cover: '',
        coverAlt: { en: '', fa: '', ps: '' },
        eventStart: null,
        eventEnd: null,
        place: null,
        course: '',
      },
      null,
      { now: AT },
    )
    expect(entries(await feed('news', 'ps', new Date(publishAt.getTime() - 1)))).toEqual([])
    expect(entries(await feed('news', 'ps', publishAt)).map(titleOf)).toEqual(['د دروازې ورځ'])
  })

  it('keeps markup in titles as text, and the XML whole', async () => {
    await publishTestPost(handle.db, author, {
      stream: 'articles',
      texts: { ps: { title: '<script>alert(1)</script> ]]> x ]]> "q"', summary: ']]><img src=x onerror=alert(1)>' } },
      at: AT,
    })
    const xml = await feed('articles', 'ps')
    const [entry] = entries(xml)
    expect(titleOf(entry!)).toBe('&lt;script&gt;alert(1)&lt;/script&gt; ]]&gt; x ]]&gt; &quot;q&quot;')
    expect(entry).toContain(']]&gt;&lt;img src=x onerror=alert(1)&gt;')
    expect(xml).not.toMatch(/<script|<img/)
  })

  it('has an address per stream and language', () => {
    expect(feedPath('articles', 'en')).toBe('/clinic/blog/feed.xml')
    expect(feedPath('news', 'fa')).toBe('/fa/academy/news/feed.xml')
  })
})
