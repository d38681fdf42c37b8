import { describe, expect, it } from 'vitest'
import {
  canWriteStream,
  effectiveStatus,
  isCachedPostPath,
  isPublic,
  postIdOfParam,
  postPath,
  shownLanguage,
  slugify,
  writableStreams,
  writtenLanguages,
} from './posts'
import { isPostPagePath } from '../seo/seo'

describe('posts', () => {
  it('makes readable addresses that keep the id', () => {
    expect(slugify('Brushing twice a day!')).toBe('brushing-twice-a-day')
    expect(slugify('مراقبت از دندان‌ها')).toBe('')
    expect(postPath({ id: 12, slug: 'brushing', stream: 'articles' }, 'fa')).toBe('/fa/clinic/blog/12-brushing')
    expect(postPath({ id: 7, slug: '', stream: 'news' }, 'en')).toBe('/academy/news/7')
    expect(postIdOfParam('12-anything')).toBe(12)
    expect(postIdOfParam('x12')).toBeNull()
    expect(isPostPagePath('/clinic/blog/12-brushing')).toBe(true)
    expect(isPostPagePath('/clinic/blog/12-Brushing')).toBe(false)
    expect(isPostPagePath('/academy/news/abc')).toBe(false)
  })

  it('keeps post pages and the feeds in the page cache, nothing else under the streams', () => {
    expect(isCachedPostPath('/clinic/blog/12-brushing')).toBe(true)
    expect(isCachedPostPath('/clinic/blog/feed.xml')).toBe(true)
    expect(isCachedPostPath('/academy/news/feed.xml')).toBe(true)
    expect(isCachedPostPath('/academy/news/feed.xml/x')).toBe(false)
    expect(isCachedPostPath('/clinic/feed.xml')).toBe(false)
    expect(isCachedPostPath('/academy/news/12/event.ics')).toBe(true)
    expect(isCachedPostPath('/clinic/blog/12/event.ics')).toBe(false)
  })

  it('shows the reader their language, else English, else the first written', () => {
    expect(shownLanguage(['en', 'fa'], 'fa')).toBe('fa')
    expect(shownLanguage(['en', 'fa'], 'ps')).toBe('en')
    expect(shownLanguage(['ps'], 'fa')).toBe('ps')
    const blank = { title: '', summary: '', body: '' }
    expect(writtenLanguages({ en: blank, fa: { ...blank, title: 'ع' }, ps: { ...blank, title: 'س' } })).toEqual(['fa', 'ps'])
  })

  it('lets the editors write articles, the academy office news, administrators both, reception neither', () => {
    expect(writableStreams('admin')).toEqual(['articles', 'news'])
    expect(writableStreams('editor')).toEqual(['articles'])
    expect(writableStreams('academy')).toEqual(['news'])
    expect(writableStreams('reception')).toEqual([])
    expect(canWriteStream('academy', 'articles')).toBe(false)
  })

  it('shows a scheduled post from its time', () => {
    const at = new Date('2026-03-01T07:30:00Z')
    const post = { status: 'scheduled' as const, publishAt: at }
    expect(isPublic(post, new Date(at.getTime() - 1))).toBe(false)
    expect(effectiveStatus(post, new Date(at.getTime() - 1))).toBe('scheduled')
    expect(isPublic(post, at)).toBe(true)
    expect(effectiveStatus(post, at)).toBe('published')
    expect(isPublic({ status: 'draft', publishAt: at }, at)).toBe(false)
  })
})
