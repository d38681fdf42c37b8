import { describe, expect, it } from 'vitest'
import { findTags, isSameOrigin, parseCsp, resourceReferences } from './html'

const PAGE = 'http://127.0.0.1:3000/clinic'

describe('parseCsp', () => {
  it('splits directives and sources', () => {
    const csp = parseCsp("default-src 'self'; script-src 'self' 'nonce-abc'; frame-ancestors 'none'")
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-abc'"])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
  })
})

describe('findTags', () => {
  it('reads attributes and script bodies, and does not look for tags inside scripts', () => {
    const html = `<script nonce="n1">var s = "<img src='https://x.example/a.png'>"</script><img src="/a.png" alt="a &amp; b">`
    const tags = findTags(html, ['script', 'img'])
    expect(tags).toHaveLength(2)
    expect(tags[0]).toMatchObject({ name: 'script', attributes: { nonce: 'n1' } })
    expect(tags[1]).toMatchObject({ name: 'img', attributes: { src: '/a.png', alt: 'a & b' } })
  })
})

describe('resourceReferences', () => {
  it('finds resources from other origins but ignores plain links and metadata links', () => {
    const html = [
      '<link rel="stylesheet" href="https://fonts.example.com/css">',
      '<link rel="canonical" href="https://clinic.example/clinic">',
      '<link rel="alternate" hreflang="fa-AF" href="https://clinic.example/fa/clinic">',
      '<script src="//cdn.example.com/a.js"></script>',
      '<img src="/logo.webp" srcset="/a.webp 1x, https://img.example/b.webp 2x">',
      '<iframe src="https://maps.example/embed"></iframe>',
      '<form action="https://forms.example/submit"></form>',
      '<a href="https://wa.me/93700000000">WhatsApp</a><a href="tel:+93700000000">Call</a>',
      "<style>@font-face{src:url('https://fonts.example/f.woff2')}</style>",
    ].join('')
    const foreign = resourceReferences(html).filter((reference) => !isSameOrigin(reference.url, PAGE))
    expect(foreign.map((reference) => reference.url)).toEqual([
      'https://fonts.example.com/css',
      '//cdn.example.com/a.js',
      'https://img.example/b.webp',
      'https://maps.example/embed',
      'https://forms.example/submit',
      'https://fonts.example/f.woff2',
    ])
  })
})

describe('isSameOrigin', () => {
  it('accepts relative, same-origin and inline data URLs only', () => {
    expect(isSameOrigin('/assets/a.js', PAGE)).toBe(true)
    expect(isSameOrigin('http://127.0.0.1:3000/x', PAGE)).toBe(true)
    expect(isSameOrigin('data:image/png;base64,AA', PAGE)).toBe(true)
    expect(isSameOrigin('http://127.0.0.1:3001/x', PAGE)).toBe(false)
    expect(isSameOrigin('https://example.com/x', PAGE)).toBe(false)
  })
})
