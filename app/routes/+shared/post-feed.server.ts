/** The loader of a stream's Atom feed (`/clinic/blog/feed.xml`, `/fa/academy/news/feed.xml`, ...). */
import { data } from 'react-router'
import { localeFromParam } from '~/lib/i18n/locale'
import { database } from '~/lib/platform/db.server'
import { env } from '~/lib/platform/env.server'
import { postFeedXml } from '~/lib/posts/post-feed.server'
import type { PostStream } from '~/lib/posts/posts'
import { messagesFor } from '~/locales'

export async function postFeedLoader(stream: PostStream, { params }: { params: { lang?: string } }) {
  // A resource route runs without its layout's loader: an unknown language prefix is answered here.
  const locale = localeFromParam(params.lang)
  if (!locale) throw data(null, { status: 404 })
  const messages = messagesFor(locale)
  const title =
    stream === 'news'
      ? `${messages.academy.news.title} | ${messages.common.brand.academyName}`
      : `${messages.clinic.blogPage.title} | ${messages.common.brand.clinicName}`
  const xml = await postFeedXml(await database(), { stream, locale, now: new Date(), publicUrl: env().PUBLIC_URL, title })
  return new Response(xml, { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } })
}
