import { describe, expect, it } from 'vitest'
import { postMeta } from './post-meta'

describe('a post page’s meta tags', () => {
  it('name the post under the site, with its summary as the description', () => {
    expect(postMeta({ title: 'مراقبت از دندان', summary: 'دو بار در روز' }, 'Kabul Dental')).toEqual([
      { title: 'مراقبت از دندان | Kabul Dental' },
      { property: 'og:title', content: 'مراقبت از دندان | Kabul Dental' },
      { name: 'description', content: 'دو بار در روز' },
      { property: 'og:description', content: 'دو بار در روز' },
    ])
  })

  it('leave the description out when there is no summary, and say nothing without a post', () => {
    expect(postMeta({ title: 'Open day', summary: '' }, 'Academy')).toEqual([
      { title: 'Open day | Academy' },
      { property: 'og:title', content: 'Open day | Academy' },
    ])
    expect(postMeta(undefined, 'Academy')).toEqual([])
  })
})
