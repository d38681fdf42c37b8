import { describe, expect, it } from 'vitest'
import { deviceClass, referrerSite, visitCandidate, visitOutcome, type RequestFacts } from './classify'

const PHONE = 'Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1'
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 12; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1'
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

function facts(url: string, headers: Record<string, string> = {}, method = 'GET'): RequestFacts {
  const all: Record<string, string> = { 'user-agent': PHONE, ...headers }
  return { method, url, header: (name) => all[name] }
}

const page = (url: string, headers?: Record<string, string>, method?: string) => visitCandidate(facts(url, headers, method), ['clinic.af'])

describe('which requests are visits', () => {
  it('counts a GET of a public page in its language, without the query', () => {
    expect(page('/clinic')).toMatchObject({ page: '/clinic', locale: 'en', path: '/clinic' })
    expect(page('/fa/clinic/services?utm_campaign=x')).toMatchObject({
      page: '/clinic/services',
      locale: 'fa',
      path: '/fa/clinic/services',
    })
    expect(page('/ps')).toMatchObject({ page: '/', locale: 'ps' })
    expect(page('/clinic/about/')).toMatchObject({ page: '/clinic/about' })
  })

  it("counts a client-side navigation's data request as a view of its page", () => {
    expect(page('/fa/academy/courses.data?_routes=routes%2Facademy%2Fcourses')).toMatchObject({ page: '/academy/courses', locale: 'fa' })
    expect(page('/fa/_.data')).toMatchObject({ page: '/', locale: 'fa' })
  })

  it('counts a 200 and a 304 as a view, a 404 apart, and nothing else', () => {
    const candidate = page('/clinic')!
    expect(visitOutcome(candidate, 200)).toBe('view')
    expect(visitOutcome(candidate, 304)).toBe('view')
    for (const status of [301, 302, 400, 403, 429, 500, 503]) expect(visitOutcome(candidate, status)).toBeNull()
    expect(visitOutcome(page('/clinic/old-prices')!, 404)).toBe('not_found')
    expect(visitOutcome(page('/clinic/old-prices')!, 200)).toBeNull()
    expect(visitOutcome(page('/wp-content/logo.png')!, 404)).toBeNull()
  })

  it('does not count crawlers, prefetches, staff, HEAD, posts, assets, uploads or the staff panel', () => {
    expect(page('/clinic', { 'user-agent': GOOGLEBOT })).toBeNull()
    expect(page('/clinic', { 'user-agent': '' })).toBeNull()
    expect(page('/clinic.data', { 'sec-purpose': 'prefetch' })).toBeNull()
    expect(page('/clinic', { purpose: 'prefetch' })).toBeNull()
    expect(page('/clinic', { 'sec-purpose': 'prefetch;prerender' })).toBeNull()
    expect(page('/clinic', { cookie: 'lang=fa; staff_session=abc' })).toBeNull()
    expect(page('/clinic', { cookie: '__Host-staff_session=abc' })).toBeNull()
    expect(page('/clinic', {}, 'HEAD')).toBeNull()
    expect(page('/clinic/appointment', {}, 'POST')).toBeNull()
    for (const path of [
      '/assets/entry-abc.js',
      '/media/hero-800.webp',
      '/admin',
      '/admin/dashboard',
      '/admin/dashboard.data',
      '/sw.js',
      '/robots.txt',
      '/sitemap.xml',
      '/app-icon/192.png',
      '/set-language',
    ]) {
      expect(page(path), path).toBeNull()
    }
  })

  it('counts a page opened through the service worker, which passes it on with destination "empty"', () => {
    // What Chromium sends for a navigation its service worker forwards to the network.
    expect(page('/clinic/about', { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'navigate' })).not.toBeNull()
    expect(page('/clinic/missing-page', { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'navigate' })).not.toBeNull()
    expect(page('/clinic', { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'same-origin' })).not.toBeNull()
  })

  it('does not count a page fetched by a script rather than opened (a service worker keeping it)', () => {
    expect(page('/clinic', { 'sec-fetch-dest': 'empty' })).toBeNull()
    expect(page('/offline', { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' })).toBeNull()
    expect(page('/clinic', { 'sec-fetch-dest': 'document' })).not.toBeNull()
    expect(page('/clinic.data', { 'sec-fetch-dest': 'empty' })).not.toBeNull()
  })

  it('counts articles and news posts by their own path', () => {
    expect(page('/fa/clinic/blog/teeth-whitening')).toMatchObject({ page: '/clinic/blog/teeth-whitening', locale: 'fa' })
    expect(page('/academy/news/new-course.data')).toMatchObject({ page: '/academy/news/new-course' })
    expect(page('/clinic/blog/a/b')!.page).toBeNull()
  })
})

describe('device classes', () => {
  it('tells phones, tablets and desktops apart', () => {
    expect(deviceClass(PHONE)).toBe('phone')
    expect(deviceClass(IPHONE)).toBe('phone')
    expect(deviceClass('Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54')).toBe(
      'phone',
    )
    expect(deviceClass(ANDROID_TABLET)).toBe('tablet')
    expect(deviceClass(IPAD)).toBe('tablet')
    expect(deviceClass(DESKTOP)).toBe('desktop')
    expect(
      deviceClass('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15'),
    ).toBe('desktop')
  })
})

describe('referrer domains', () => {
  it("keeps the external site's domain, without www. or m.", () => {
    expect(referrerSite('https://www.google.com/', [])).toBe('google.com')
    expect(referrerSite('https://l.facebook.com/l.php?u=https%3A%2F%2Fclinic.af', [])).toBe('facebook.com')
    expect(referrerSite('https://m.facebook.com/story.php?id=1', [])).toBe('facebook.com')
    expect(referrerSite('http://www.google.com.af/search?q=dentist', [])).toBe('google.com.af')
    expect(referrerSite('android-app://com.google.android.gm/', [])).toBe('com.google.android.gm')
  })

  it("is no referrer for the site's own pages, unreadable values or other schemes", () => {
    expect(referrerSite('https://clinic.af/clinic', ['clinic.af'])).toBeNull()
    expect(referrerSite('https://www.clinic.af/fa', ['clinic.af'])).toBeNull()
    expect(referrerSite('not a url', [])).toBeNull()
    expect(referrerSite('file:///home/x.html', [])).toBeNull()
  })

  it("reads a link's ref or utm_source when the browser sends no Referer (WhatsApp, e-mail)", () => {
    expect(referrerSite(undefined, [], '?ref=WhatsApp')).toBe('whatsapp')
    expect(referrerSite(undefined, [], '?utm_source=facebook&utm_medium=post')).toBe('facebook')
    expect(referrerSite(undefined, [], '?ref=<script>')).toBe('script')
    expect(referrerSite(undefined, [], '')).toBeNull()
    expect(page('/clinic?ref=whatsapp')!.referrer).toBe('whatsapp')
    expect(page('/clinic', { referer: 'https://clinic.af/academy' })!.referrer).toBeNull()
    expect(page('/clinic', { referer: 'https://www.facebook.com/' })!.referrer).toBe('facebook.com')
  })
})
