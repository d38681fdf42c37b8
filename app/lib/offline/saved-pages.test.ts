import { describe, expect, it } from 'vitest'
import { isSavedPage } from './saved-pages'

const url = (path: string) => new URL(path, 'https://dental.example.af')

describe('the pages the service worker keeps', () => {
  it('keeps the post pages a visitor reads, in every language', () => {
    expect(isSavedPage(url('/clinic/blog/12-brushing-twice-a-day'))).toBe(true)
    expect(isSavedPage(url('/fa/clinic/blog/12'))).toBe(true)
    expect(isSavedPage(url('/ps/academy/news/7-open-day'))).toBe(true)
    expect(isSavedPage(url('/clinic/contact'))).toBe(true)
  })

  it('keeps no preview, feed, calendar file or staff page', () => {
    expect(isSavedPage(url('/clinic/blog/12?preview'))).toBe(false)
    expect(isSavedPage(url('/clinic/blog/feed.xml'))).toBe(false)
    expect(isSavedPage(url('/academy/news/7/event.ics'))).toBe(false)
    expect(isSavedPage(url('/admin/dashboard'))).toBe(false)
    expect(isSavedPage(url('/clinic/blog/12/../../admin'))).toBe(false)
  })
})
