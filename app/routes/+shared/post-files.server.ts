/** The loaders of the posts' files: a stream's Atom feed and an event's calendar file. */
import { data } from 'react-router'
import { localeFromParam, type Locale } from '~/lib/i18n/locale'
import { database } from '~/lib/platform/db.server'
import { env } from '~/lib/platform/env.server'
import { eventIcs } from '~/lib/posts/event-calendar'
import { postFeedXml } from '~/lib/posts/post-feed.server'
import { postIdOfParam, type PostStream } from '~/lib/posts/posts'
import { readPublicPost } from '~/lib/posts/post-reads.server'
import { absoluteUrl } from '~/lib/seo/seo'
import { messagesFor } from '~/locales'

function notFound(): never {
  throw data(null, { status: 404 })
}

/** A resource route runs without its layout's loader: an unknown language prefix is answered here. */
function localeOf(params: { lang?: string }): Locale {
  return localeFromParam(params.lang) ?? notFound()
}

export async function postFeedLoader(stream: PostStream, { params }: { params: { lang?: string } }) {
  const locale = localeOf(params)
  const messages = messagesFor(locale)
  const title =
    stream === 'news'
      ? `${messages.academy.news.title} | ${messages.common.brand.academyName}`
      : `${messages.clinic.blogPage.title} | ${messages.common.brand.clinicName}`
  const xml = await postFeedXml(await database(), { stream, locale, now: new Date(), publicUrl: env().PUBLIC_URL, title })
  return new Response(xml, { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } })
}

/** `/academy/news/<id>/event.ics`: a published event as a calendar file, in the reader's language. */
export async function eventCalendarLoader({ params }: { params: { lang?: string; post?: string } }) {
  const locale = localeOf(params)
  const id = postIdOfParam(params.post)
  if (id === null) notFound()
  const post = await readPublicPost(await database(), { stream: 'news', id, locale, now: new Date() })
  if (!post?.event) notFound()
  const publicUrl = env().PUBLIC_URL
  const url = absoluteUrl(publicUrl, post.path)
  const ics = eventIcs(
    {
      uid: `post-${post.id}@${new URL(publicUrl).hostname}`,
      start: new Date(post.event.start),
      end: post.event.end ? new Date(post.event.end) : null,
      title: post.title,
      description: [post.summary, url].filter(Boolean).join('\n\n'),
      place: post.event.place,
      url,
      updated: new Date(post.updatedAt),
    },
    messagesFor('en').common.brand.academyName,
  )
  return new Response(ics, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="event-${post.id}.ics"`,
    },
  })
}
