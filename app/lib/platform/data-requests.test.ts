import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dataPathOf, isDataPath, pagePathOf } from './data-requests'

describe('data request addresses', () => {
  it('add .data to the page, and _.data after a trailing slash (the root is /_.data)', () => {
    expect(dataPathOf('/')).toBe('/_.data')
    expect(dataPathOf('/clinic')).toBe('/clinic.data')
    expect(dataPathOf('/fa/clinic/')).toBe('/fa/clinic/_.data')
    expect(dataPathOf('/admin/patients/12')).toBe('/admin/patients/12.data')
  })

  it('lead back to their page; a page’s own path is left as it is', () => {
    expect(pagePathOf('/_.data')).toBe('/')
    expect(pagePathOf('/clinic.data')).toBe('/clinic')
    expect(pagePathOf('/fa/clinic/_.data')).toBe('/fa/clinic/')
    expect(pagePathOf('/clinic')).toBe('/clinic')
    expect(pagePathOf('/')).toBe('/')
    // The old name of the root's data is an ordinary page's now, which the site does not have.
    expect(pagePathOf('/_root.data')).toBe('/_root')
  })

  it('are told apart from pages', () => {
    expect(['/_.data', '/clinic.data', '/admin.data'].every(isDataPath)).toBe(true)
    expect(['/', '/clinic', '/sitemap.xml', '/data', '/clinic/data'].some(isDataPath)).toBe(false)
  })

  it('name every page once: the page of a page’s data address is that page', () => {
    // A last segment of `_` alone is the one address React Router's form cannot tell apart (`/a/_.data` is `/a/`'s).
    const segment = fc.stringMatching(/^[a-z0-9][\w.-]{0,11}$/)
    const path = fc
      .tuple(fc.array(segment, { maxLength: 4 }), fc.boolean())
      .map(([parts, slash]) => `/${parts.join('/')}${slash && parts.length ? '/' : ''}`)
    fc.assert(
      fc.property(path, (page) => {
        expect(isDataPath(dataPathOf(page))).toBe(true)
        expect(pagePathOf(dataPathOf(page))).toBe(page)
      }),
    )
  })
})
