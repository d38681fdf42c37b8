import { describe, expect, it } from 'vitest'
import { isSafeLink, renderMarkdown } from './markdown.server'

const IMAGE = '/media/0123456789abcdef0123-960.webp'

describe('post bodies', () => {
  it('renders headings one level down, lists, emphasis, quotes and links', () => {
    const html = renderMarkdown('# Care\n\n- *one*\n- **two**\n\n> said\n\n[us](/clinic/contact) and [them](https://example.org)')
    expect(html).toContain('<h2>Care</h2>')
    expect(html).toContain('<li><em>one</em></li>')
    expect(html).toContain('<strong>two</strong>')
    expect(html).toContain('<blockquote>')
    expect(html).toContain('<a href="/clinic/contact">us</a>')
    expect(html).toContain('<a href="https://example.org" rel="noopener">them</a>')
  })

  it('shows raw HTML as text, never as markup', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\nok <b onclick="x">b</b>')
    expect(html).not.toMatch(/<script|<img|<b /)
    expect(html).toContain('&lt;script&gt;')
  })

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:x',
    'java\tscript:alert(1)',
    '//evil.example/x',
  ])('drops the link %s', (url) => {
    const html = renderMarkdown(`[click](${url}) <${url}>`)
    expect(html).not.toMatch(/href="(?!\/clinic)/i)
    expect(html.toLowerCase()).not.toContain('href="javascript')
    expect(isSafeLink(url)).toBe(false)
  })

  it('keeps media library images, lazy, and leaves any other image out with its description', () => {
    const html = renderMarkdown(`![a smile](${IMAGE})\n\n![tracker](https://evil.example/p.gif) ![x](data:image/png;base64,AAAA)`)
    expect(html).toContain(`<img src="${IMAGE}" alt="a smile" loading="lazy" decoding="async" />`)
    expect(html).not.toContain('evil.example')
    expect(html).not.toContain('src="data:')
    expect(html).toContain('tracker')
  })

  it('keeps titles in Dari and Pashto as written', () => {
    expect(renderMarkdown('## مراقبت از دندان‌ها\n\nد غاښونو ساتنه')).toBe('<h3>مراقبت از دندان‌ها</h3>\n<p>د غاښونو ساتنه</p>\n')
  })
})
