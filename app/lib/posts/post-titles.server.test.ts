import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { posts, type PostStream } from '~db/schema'
import { testDatabases } from '../../../tests/support/databases'
import type { DatabaseHandle } from '../platform/db.server'
import { postTitlesByPage } from './post-titles.server'

const text = (title: string) => ({ title, summary: '', body: '' })

describe.each(testDatabases())('post titles of counted pages on $name', ({ open }) => {
  let handle: DatabaseHandle
  const ids: Record<'both' | 'dariOnly' | 'news', number> = { both: 0, dariOnly: 0, news: 0 }

  async function insert(stream: PostStream, titles: { en?: string; fa?: string; ps?: string }) {
    const [row] = await handle.db
      .insert(posts)
      .values({
        stream,
        slug: 'a-post',
        status: 'published',
        publishAt: new Date('2026-03-01T06:00:00Z'),
        texts: { en: text(titles.en ?? ''), fa: text(titles.fa ?? ''), ps: text(titles.ps ?? '') },
        languages: Object.keys(titles),
      })
      .returning({ id: posts.id })
    return row!.id
  }

  beforeAll(async () => {
    handle = await open()
    ids.both = await insert('articles', { en: 'Brushing twice a day', fa: 'دو بار مسواک در روز' })
    ids.dariOnly = await insert('articles', { fa: 'کاشت دندان' })
    ids.news = await insert('news', { en: 'New course in March' })
  })
  afterAll(async () => {
    await handle.close()
  })

  it('names each page by its title in the staff language, else in another written one', async () => {
    const pages = [`/clinic/blog/${ids.both}-a-post`, `/clinic/blog/${ids.dariOnly}`, `/academy/news/${ids.news}-a-post`]
    expect(await postTitlesByPage(handle.db, pages, 'fa')).toEqual({
      [pages[0]!]: 'دو بار مسواک در روز',
      [pages[1]!]: 'کاشت دندان',
      [pages[2]!]: 'New course in March',
    })
    expect(await postTitlesByPage(handle.db, pages, 'ps')).toEqual({
      [pages[0]!]: 'Brushing twice a day',
      [pages[1]!]: 'کاشت دندان',
      [pages[2]!]: 'New course in March',
    })
  })

  it('leaves out pages that name no post of their stream', async () => {
    const pages = [`/academy/news/${ids.both}-a-post`, '/clinic/blog/999999', '/clinic/blog/not-an-id', '/clinic/about']
    expect(await postTitlesByPage(handle.db, pages, 'en')).toEqual({})
    expect(await postTitlesByPage(handle.db, [], 'en')).toEqual({})
  })
})
