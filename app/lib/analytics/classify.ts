/**
 * Which requests are visits to the public site, and what a visit is counted under: its page (the
 * path without language prefix, query or `.data`), its language, the external site it came from
 * and the visitor's device class. Pure and cheap: it runs on every request the server answers,
 * cached pages included.
 */
import { isbot } from 'isbot'
import { isDataPath, pagePathOf } from '../platform/data-requests'
import { isPublicPath } from '../seo/seo'
import type { Locale } from '../i18n/locale'

export type DeviceClass = 'phone' | 'tablet' | 'desktop'

/**
 * Pages counted besides the fixed public ones: articles and news posts, one row per post (their
 * titles are looked up for the card by `postTitlesByPage`, app/lib/posts/post-titles.server.ts). Only a 200 counts, so the
 * keys are the posts that exist.
 */
export const POST_PAGES: readonly RegExp[] = [/^\/clinic\/blog\/[^/]+$/, /^\/academy\/news\/[^/]+$/]

/** The longest page or 404 path kept; a longer one is cut (a 404 path can be anything a client sends). */
const MAX_PATH_LENGTH = 160

/** What is known of a request before it is answered. */
export interface RequestFacts {
  method: string
  /** The request target: path and query, as sent. */
  url: string
  header: (name: string) => string | undefined
}

/** A request that is a visit if its answer says so (`visitOutcome`). */
export interface VisitCandidate {
  /** The page's path as requested, with its language prefix, without query or `.data`. */
  path: string
  /** The counted page (unprefixed: '/clinic'), or null when the path is none of them. */
  page: string | null
  locale: Locale
  device: DeviceClass
  /** The external site the visitor came from, or null. */
  referrer: string | null
}

const NEVER_COUNTED = /^\/(?:assets|media|admin|app-icon|set-language|healthz)(?:\/|$)|^\/(?:sw\.js|robots\.txt|sitemap\.xml|favicon\.ico)$/
const STAFF_SESSION = /(?:^|;\s*)(?:__Host-)?staff_session=/
const LANGUAGE_PREFIX = /^\/(fa|ps)(?=\/|$)/
/** A 404 for a file (a missing script, font, image or icon) says nothing about broken links. */
const FILE_LIKE = /\.(?:js|mjs|css|map|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|txt|xml|json|webmanifest)$/i

/**
 * The visit a request would be, or null when it is never counted: anything but GET (HEAD and posts
 * are not visits), assets, uploaded images, the staff panel, prefetches, crawlers and clients that
 * send no user agent, signed-in staff (a staff session cookie), and a fetch of a page that is not
 * the browser opening it (a service worker keeping a page for offline use).
 */
export function visitCandidate({ method, url, header }: RequestFacts, ownHosts: readonly string[] = []): VisitCandidate | null {
  if (method !== 'GET') return null
  const queryAt = url.indexOf('?')
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt)
  if (!rawPath.startsWith('/') || NEVER_COUNTED.test(rawPath)) return null
  if (isPrefetch(header('sec-purpose')) || isPrefetch(header('purpose'))) return null
  const agent = header('user-agent')
  if (!agent || isCrawler(agent)) return null
  if (STAFF_SESSION.test(header('cookie') ?? '')) return null
  const data = isDataPath(rawPath)
  if (!data && !opensPage(header('sec-fetch-mode'), header('sec-fetch-dest'))) return null
  const path = pagePathOf(rawPath)
  const prefix = LANGUAGE_PREFIX.exec(path)
  const locale: Locale = prefix ? (prefix[1] as Locale) : 'en'
  const unprefixed = (prefix ? path.slice(prefix[0].length) : path).replace(/(.)\/+$/, '$1') || '/'
  return {
    path: path.slice(0, MAX_PATH_LENGTH),
    page: isCountedPage(unprefixed) ? unprefixed : null,
    locale,
    device: deviceClass(agent),
    referrer: referrerSite(header('referer'), ownHosts, queryAt === -1 ? '' : url.slice(queryAt)),
  }
}

/** Whether an unprefixed path is a page that is counted (the public pages and the posts). */
function isCountedPage(path: string): boolean {
  return path.length <= MAX_PATH_LENGTH && (isPublicPath(path) || POST_PAGES.some((pattern) => pattern.test(path)))
}

/**
 * What the answer makes of a candidate: a page view (200, or 304 for a page the browser already
 * has), a 404 counted with its path, or nothing (redirects, other errors, 404s of files).
 */
export function visitOutcome(candidate: VisitCandidate, status: number): 'view' | 'not_found' | null {
  if (status === 200 || status === 304) return candidate.page ? 'view' : null
  if (status === 404) return FILE_LIKE.test(candidate.path) ? null : 'not_found'
  return null
}

/**
 * Whether the browser is opening the page rather than a script fetching it. A navigation says so by
 * its mode; once the service worker controls the page, Chromium sends the navigation it forwards to
 * the network with destination 'empty' but mode 'navigate', while the worker's own fetches (keeping
 * the offline page) have mode 'cors'. Clients without these headers are counted.
 */
function opensPage(mode: string | undefined, destination: string | undefined): boolean {
  if (mode === 'navigate') return true
  return !destination || destination === 'document' || destination === 'iframe'
}

function isPrefetch(value: string | undefined): boolean {
  return value !== undefined && /prefetch/i.test(value)
}

const crawlerVerdicts = new Map<string, boolean>()

/** isbot, remembered for the few hundred user agents a site sees most (its pattern is long). */
function isCrawler(agent: string): boolean {
  let verdict = crawlerVerdicts.get(agent)
  if (verdict === undefined) {
    verdict = isbot(agent)
    if (crawlerVerdicts.size >= 512) crawlerVerdicts.clear()
    crawlerVerdicts.set(agent, verdict)
  }
  return verdict
}

/**
 * Phone, tablet or desktop, from the user agent. iPads since iPadOS 13 present themselves as a
 * Mac and count as desktops.
 */
export function deviceClass(agent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Nexus (?:7|9|10)\b|SM-T\d|Tab\b/i.test(agent)) return 'tablet'
  if (/Mobi|iPhone|iPod|Android|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|KaiOS/i.test(agent)) {
    // Android without "Mobile" is a tablet (Google's own rule for Android browsers).
    return /Android/i.test(agent) && !/Mobile/i.test(agent) ? 'tablet' : 'phone'
  }
  return 'desktop'
}

/** Sub-domains that name a version of a site, not another site (m.facebook.com is facebook.com). */
const SITE_VERSIONS = /^(?:www\d*|m|l|lm|mobile|mbasic|web|amp)\./

/**
 * The external site a visit came from: the Referer's domain (without www., m. and the like), or
 * for an Android app the app's package name; this site's own addresses are not referrers. Without
 * a Referer (a link opened from WhatsApp or e-mail sends none), a `ref` or `utm_source` parameter
 * of the link names the source ('whatsapp'). Null when nothing names one.
 */
export function referrerSite(referer: string | undefined, ownHosts: readonly string[], search = ''): string | null {
  if (referer) {
    let url: URL
    try {
      url = new URL(referer)
    } catch {
      return null
    }
    if (url.protocol === 'android-app:') return siteName(url.hostname)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    const host = url.hostname.toLowerCase().replace(SITE_VERSIONS, '')
    if (ownHosts.some((own) => own.replace(SITE_VERSIONS, '') === host)) return null
    return siteName(host)
  }
  if (!search) return null
  const params = new URLSearchParams(search)
  return siteName(params.get('ref') ?? params.get('utm_source') ?? '')
}

/** A source name as stored: lower case, letters, digits, dots and dashes, at most 60 characters. */
function siteName(value: string): string | null {
  const name = value
    .toLowerCase()
    .replace(/[^a-z0-9.-]/g, '')
    .slice(0, 60)
  return name || null
}
