import { describe, expect, it } from 'vitest'
import { pageMessages, publicMessagesFor } from '~/locales'
import { siteOfPath } from './page-site'

describe('the texts a page is sent', () => {
  it('gives the academy its pages, the clinic its own and the not-found pages, and neither to the home page and the sign-in', () => {
    expect(['/academy', '/academy/courses', '/academy/no-such-page'].map(siteOfPath)).toEqual(['academy', 'academy', 'academy'])
    expect(['/clinic', '/clinic/contact', '/no-such-page', '/academyx'].map(siteOfPath)).toEqual(['clinic', 'clinic', 'clinic', 'clinic'])
    expect(['/', '/login'].map(siteOfPath)).toEqual([null, null])
  })

  it("sends a site's pages its own namespaces and the shared ones, never the other site's", () => {
    const messages = publicMessagesFor('fa')
    expect(Object.keys(pageMessages(messages, 'clinic')).sort()).toEqual(['chat', 'clinic', 'common', 'forms', 'seo'])
    expect(Object.keys(pageMessages(messages, 'academy')).sort()).toEqual(['academy', 'common', 'forms', 'seo'])
    expect(Object.keys(pageMessages(messages, null)).sort()).toEqual(['common', 'forms', 'seo'])
    expect(pageMessages(messages, 'academy').academy).toBe(messages.academy)
  })
})
