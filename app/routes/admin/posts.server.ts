import { data } from 'react-router'
import { SECTION_ROLES } from '~/lib/access/sections'
import { LOCALES, type Locale } from '~/lib/i18n/locale'
import { formatStaffDate } from '~/lib/i18n/staff-dates'
import { database } from '~/lib/platform/db.server'
import { listStaffPosts } from '~/lib/posts/post-saves.server'
import { pageNumber, POST_STATUSES, POST_STREAMS, writableStreams, type PostStatus, type PostStream } from '~/lib/posts/posts'
import { requireRole } from '~/lib/staff/staff-context.server'
import type { Route } from './+types/posts'

/** A query value when it is one of `allowed`, else undefined (no filter). */
function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined
}

function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>
}

/** The Posts screen's list: every role reads it; the New buttons are the streams this role writes. */
export async function postsLoader({ request, context }: Route.LoaderArgs) {
  const staff = requireRole(context, SECTION_ROLES.posts)
  const query = new URL(request.url).searchParams
  const filter = {
    stream: oneOf<PostStream>(query.get('stream'), POST_STREAMS),
    status: oneOf<PostStatus>(query.get('status'), POST_STATUSES),
    language: oneOf<Locale>(query.get('language'), LOCALES),
  }
  const page = pageNumber(query.get('page'))
  const now = new Date()
  const list = await listStaffPosts(await database(), { ...filter, page, now })
  const when = (date: Date | null) => formatStaffDate(date, staff.locale, { withTime: true })
  return data(
    {
      messages: staff.messages.posts.editor,
      languageNames: staff.messages.posts.public.languageNames,
      locale: staff.locale,
      pager: pick(staff.messages.posts.public, ['pagesLabel', 'newer', 'older', 'pageOf']),
      filter: { stream: filter.stream ?? '', status: filter.status ?? '', language: filter.language ?? '' },
      page,
      pages: list.pages,
      total: list.total,
      rows: list.rows.map((row) => ({
        id: row.id,
        stream: row.stream,
        status: row.status,
        title: row.title,
        languages: row.languages,
        publishAt: when(row.publishAt),
        updatedAt: when(row.updatedAt),
        author: row.author,
      })),
      writable: writableStreams(staff.role),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}
