/** The loaders of the posts' public pages: a stream's list and a post's page (and its preview for staff). */
import { data, redirect } from 'react-router'
import { DEFAULT_LOCALE, localeFromParam, type Locale } from '~/lib/i18n/locale'
import { database } from '~/lib/platform/db.server'
import { env } from '~/lib/platform/env.server'
import { pastEvents, upcomingEvents } from '~/lib/posts/post-events.server'
import { listPublicPosts, readPreviewPost, readPublicPost } from '~/lib/posts/post-reads.server'
import { pageNumber, postIdOfParam, postSegment, postPath, type PostStream } from '~/lib/posts/posts'
import { feedPath } from '~/lib/posts/post-feed.server'
import { postHeadTags, postJsonLd } from '~/lib/posts/post-seo'
import { getSiteData } from '~/lib/site/published-site.server'
import { requireStaff } from '~/lib/staff/auth.server'
import { messagesFor } from '~/locales'

interface LoaderArgs {
  request: Request
  params: { lang?: string; post?: string }
  context: object
}

function localeOf(params: LoaderArgs['params']): Locale {
  return localeFromParam(params.lang) ?? DEFAULT_LOCALE
}

function notFound(): never {
  throw data(null, { status: 404 })
}

/**
 * A page of a stream (`?page=`), the reader's language first; the news page's first page also
 * lists the events to come, and `?past` turns it into the archive of past events. Nothing
 * published: `empty`, and the page shows the spec's placeholder.
 */
export async function postListLoader(stream: PostStream, { request, params }: LoaderArgs) {
  const locale = localeOf(params)
  const search = new URL(request.url).searchParams
  const page = pageNumber(search.get('page'))
  const past = stream === 'news' && search.has('past')
  const db = await database()
  const now = new Date()
  const [list, upcoming, published] = await Promise.all([
    past ? pastEvents(db, { locale, now, page }) : listPublicPosts(db, { stream, locale, page, now }),
    stream === 'news' && page === 1 && !past ? upcomingEvents(db, { locale, now, limit: 10 }) : Promise.resolve([]),
    past ? listPublicPosts(db, { stream, locale, page: 1, now }).then((all) => all.total) : null,
  ])
  if (page > list.pages) notFound()
  return {
    list,
    upcoming,
    past,
    empty: (published ?? list.total) === 0,
    feed: feedPath(stream, locale),
    texts: messagesFor(locale).posts.public,
  }
}

/**
 * A post's page: published and due, or any post for staff with `?preview` (never cached: a query
 * and a staff session both keep it out of the page cache; `no-store` and `noindex` besides). An
 * address whose readable part is outdated is sent to the current one.
 */
export async function postPageLoader(stream: PostStream, { request, params, context }: LoaderArgs) {
  const locale = localeOf(params)
  const id = postIdOfParam(params.post)
  if (id === null) notFound()
  const preview = new URL(request.url).searchParams.has('preview')
  if (preview) await requireStaff(request)
  const db = await database()
  const post = preview
    ? await readPreviewPost(db, { stream, id, locale })
    : await readPublicPost(db, { stream, id, locale, now: new Date() })
  if (!post) notFound()
  if (!preview && params.post !== postSegment(post)) throw redirect(postPath(post, locale), 301)
  const site = await getSiteData(context)
  const messages = messagesFor(locale)
  const siteName = stream === 'news' ? messages.common.brand.academyName : messages.common.brand.clinicName
  const course = post.event?.courseId ? site.courses.find((entry) => entry.id === post.event!.courseId && entry.visible) : undefined
  const publicUrl = env().PUBLIC_URL
  return data(
    {
      post,
      preview,
      course: course ? { id: course.id, name: course.names[locale], open: course.open } : null,
      texts: messages.posts.public,
      postSeo: { tags: postHeadTags(post, locale, publicUrl, siteName, preview), jsonLd: postJsonLd(post, locale, publicUrl, siteName) },
    },
    preview ? { headers: { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' } } : undefined,
  )
}
