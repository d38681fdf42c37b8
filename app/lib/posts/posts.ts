/**
 * Posts in two streams: the academy's News & Events and the clinic's articles. Pure rules shared
 * by the public pages, the editor and the server: addresses, statuses, roles and which language a
 * reader is shown.
 */
import type { PostText, StaffRole } from '~db/schema'
import type { PostStatus, PostStream } from '~db/kinds'
import { LOCALES, localizePath, type Locale } from '../i18n/locale'
import { isPostPagePath } from '../seo/seo'

export type { PostStatus, PostStream, PostText }
export { POST_STATUSES, POST_STREAMS } from '~db/kinds'

/** Posts a list page shows. */
export const POSTS_PER_PAGE = 10

/** Where each stream lives on the public site (unprefixed: English). */
export const STREAM_PATH: Record<PostStream, '/academy/news' | '/clinic/blog'> = {
  news: '/academy/news',
  articles: '/clinic/blog',
}

/** Who writes each stream besides administrators: the academy office its news, the editors the clinic's articles. */
export const STREAM_WRITERS: Record<PostStream, readonly StaffRole[]> = { news: ['academy'], articles: ['editor'] }

export function canWriteStream(role: StaffRole, stream: PostStream): boolean {
  return role === 'admin' || STREAM_WRITERS[stream].includes(role)
}

/** The streams a role may write (the Posts screen's New buttons). */
export function writableStreams(role: StaffRole): PostStream[] {
  return (['articles', 'news'] as const).filter((stream) => canWriteStream(role, stream))
}

const POST_RESOURCE = /^\/(?:(?:clinic\/blog|academy\/news)\/feed\.xml|academy\/news\/\d{1,9}\/event\.ics)$/

/** Whether a path is one the page cache keeps with the site's version: a post page, a stream's feed or an event's calendar file. */
export function isCachedPostPath(path: string): boolean {
  return isPostPagePath(path) || POST_RESOURCE.test(path)
}

/** An event's calendar file: '/fa/academy/news/12/event.ics'. */
export function eventCalendarPath(id: number, locale: Locale): string {
  return localizePath(`${STREAM_PATH.news}/${id}/event.ics`, locale)
}

/** The id a post page's address names, or null. */
export function postIdOfParam(param: string | undefined): number | null {
  const match = /^(\d{1,9})(?:-|$)/.exec(param ?? '')
  return match ? Number(match[1]) : null
}

/**
 * A readable slug from a title: Latin letters and digits in lower case joined by hyphens, at most
 * 60 characters ('Brushing twice a day!' → 'brushing-twice-a-day'). A title in Arabic script gives ''
 * and the address is the id alone.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '')
}

/** The address segment of a post: '12-brushing-twice-a-day', or '12'. */
export function postSegment(post: { id: number; slug: string }): string {
  return post.slug ? `${post.id}-${post.slug}` : String(post.id)
}

/** A post's page in a language: '/fa/clinic/blog/12-brushing-twice-a-day'. */
export function postPath(post: { id: number; slug: string; stream: PostStream }, locale: Locale): string {
  return localizePath(`${STREAM_PATH[post.stream]}/${postSegment(post)}`, locale)
}

/** The languages a post is written in (a title in that language), in the site's order. */
export function writtenLanguages(texts: Record<Locale, PostText>): Locale[] {
  return LOCALES.filter((locale) => texts[locale].title.trim() !== '')
}

/** The language a reader is shown: their own when the post is written in it, else English, else the first written. */
export function shownLanguage(languages: readonly string[], reader: Locale): Locale {
  if (languages.includes(reader)) return reader
  if (languages.includes('en')) return 'en'
  return (LOCALES.find((locale) => languages.includes(locale)) ?? reader) as Locale
}

/** Whether the public site shows a post now. */
export function isPublic(post: { status: PostStatus; publishAt: Date | null }, now: Date): boolean {
  return (post.status === 'published' || post.status === 'scheduled') && post.publishAt !== null && post.publishAt <= now
}

/** The status staff see: a scheduled post whose time has come is published. */
export function effectiveStatus(post: { status: PostStatus; publishAt: Date | null }, now: Date): PostStatus {
  return post.status === 'scheduled' && isPublic(post, now) ? 'published' : post.status
}

/** A page number from `?page=`: 1 when missing or unreadable. */
export function pageNumber(value: string | null): number {
  const page = Number(value)
  return Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1
}
