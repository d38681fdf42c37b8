import { describe, expect, it } from 'vitest'
import { DISMISSED_NOTICE_COOKIE, cookieValue, preferredLocale } from './language-notice'
import { mayOfferLanguage, suggestedLocale } from './language-suggestion.server'

const CHROME = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

/** The suggestion for a request with these headers (names in any case, as a Headers object reads them). */
function suggest(pathname: string, headers: Record<string, string> = {}) {
  const request = new Headers({ 'User-Agent': CHROME, ...headers })
  return suggestedLocale(pathname, (name) => request.get(name))
}

describe('the language an English page suggests', () => {
  it('is the language saved on the switcher, before the browser’s', () => {
    expect(suggest('/clinic/services', { Cookie: 'lang=fa' })).toBe('fa')
    expect(suggest('/clinic/services', { Cookie: 'theme=x; lang=ps', 'Accept-Language': 'fa-AF' })).toBe('ps')
    expect(suggest('/clinic/services', { Cookie: 'lang=en', 'Accept-Language': 'fa-AF,fa' })).toBeNull()
  })

  it('is the browser’s first language without a saved choice (prs is Dari)', () => {
    expect(suggest('/academy', { 'Accept-Language': 'ps-AF,ps;q=0.9,en;q=0.8' })).toBe('ps')
    expect(suggest('/academy', { 'Accept-Language': 'prs' })).toBe('fa')
    expect(suggest('/academy', { 'Accept-Language': 'en-US,en;q=0.9,fa;q=0.5' })).toBeNull()
    expect(suggest('/academy', { 'Accept-Language': 'de' })).toBeNull()
    expect(suggest('/academy', { Cookie: 'lang=xx', 'Accept-Language': 'fa' })).toBe('fa')
    expect(suggest('/academy')).toBeNull()
  })

  it('is none once the visitor has closed the notice', () => {
    const closed = DISMISSED_NOTICE_COOKIE.split(';')[0]!
    expect(suggest('/clinic', { Cookie: `lang=fa; ${closed}` })).toBeNull()
    expect(suggest('/clinic', { Cookie: closed, 'Accept-Language': 'ps' })).toBeNull()
  })

  it('is none for search engines and other crawlers', () => {
    expect(suggest('/clinic', { 'User-Agent': GOOGLEBOT, 'Accept-Language': 'fa' })).toBeNull()
    expect(suggest('/clinic', { 'User-Agent': 'curl/8.5.0', Cookie: 'lang=ps' })).toBeNull()
  })

  it('is offered on English pages and their not-found pages; never on /, Dari, Pashto, staff pages or files', () => {
    for (const path of ['/clinic', '/clinic/', '/login', '/academy/courses', '/no-such-page', '/xx/clinic', '/fashion']) {
      expect(mayOfferLanguage(path), path).toBe(true)
      expect(suggest(path, { Cookie: 'lang=fa' }), path).toBe('fa')
    }
    for (const path of ['/', '/fa', '/fa/clinic', '/ps/clinic/', '/admin/login', '/sitemap.xml', '/media/a-400.webp', '/set-language']) {
      expect(mayOfferLanguage(path), path).toBe(false)
      expect(suggest(path, { Cookie: 'lang=fa' }), path).toBeNull()
    }
  })
})

describe('cookies and preference', () => {
  it('reads one cookie of a header', () => {
    expect(cookieValue('a=1; lang=fa; b=2', 'lang')).toBe('fa')
    expect(cookieValue('xlang=fa', 'lang')).toBeUndefined()
    expect(cookieValue(null, 'lang')).toBeUndefined()
  })

  it('prefers the saved language to the browser’s', () => {
    expect(preferredLocale('lang=en', 'fa')).toBe('en')
    expect(preferredLocale('', 'ps-AF')).toBe('ps')
    expect(preferredLocale(undefined, undefined)).toBeNull()
  })
})
