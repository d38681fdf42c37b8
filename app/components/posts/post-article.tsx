import { Link } from 'react-router'
import { registerPath } from '~/components/academy/course-links'
import { SiteImage } from '~/components/site-image'
import { primaryButtonClass } from '~/components/ui/button'
import { formatDate } from '~/lib/i18n/dates'
import { localizePath, type Locale } from '~/lib/i18n/locale'
import type { PostView } from '~/lib/posts/post-reads.server'
import { STREAM_PATH, eventCalendarPath } from '~/lib/posts/posts'
import { format } from '~/locales'
import { EventFacts, languageAttributes, type PostTexts } from './post-parts'

/** A post's page: title, dates, cover, the event's facts with Register and the calendar file, and the body (sanitised HTML from the server). */
export function PostArticle({
  post,
  texts,
  locale,
  preview,
  course,
}: {
  post: PostView
  texts: PostTexts
  locale: Locale
  preview: boolean
  course: { id: string; name: string; open: boolean } | null
}) {
  const other = post.shownIn !== locale
  const list = localizePath(STREAM_PATH[post.stream], locale)
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      {preview ? (
        <p role="status" className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 font-bold text-amber-900">
          {texts.preview}
        </p>
      ) : null}
      <p>
        <Link to={list} className="text-sm font-bold text-primary hover:underline">
          {post.stream === 'news' ? texts.allNews : texts.allArticles}
        </Link>
      </p>
      <header className="mt-4" {...languageAttributes(post.shownIn, locale)}>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
        {post.summary ? <p className="mt-4 text-lg text-slate-700">{post.summary}</p> : null}
      </header>
      {other ? (
        <p className="mt-4 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">
          {format(texts.notInYourLanguage, { language: texts.languageNames[post.shownIn] })}
        </p>
      ) : null}
      <p className="mt-4 text-sm text-slate-600">
        <time dateTime={post.publishAt}>{format(texts.publishedOn, { date: formatDate(new Date(post.publishAt), locale) })}</time>
        {post.author ? <> · {format(texts.by, { name: post.author })}</> : null}
      </p>
      {post.cover ? (
        <SiteImage image={post.cover} sizes="(min-width: 768px) 720px, 100vw" priority className="mt-8 w-full rounded-2xl object-cover" />
      ) : null}
      {post.event ? (
        <section className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-5">
          <EventFacts event={post.event} texts={texts} locale={locale} />
          {course ? (
            <p className="mt-3 text-sm text-slate-700">
              <span className="font-bold">{texts.course}:</span> {course.name}
            </p>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-3">
            {course?.open ? (
              <Link to={localizePath(registerPath(course.id), locale)} className={primaryButtonClass}>
                {texts.register}
              </Link>
            ) : null}
            {preview ? null : (
              <a href={eventCalendarPath(post.id, locale)} download className="self-center font-bold text-primary hover:underline">
                {texts.addToCalendar}
              </a>
            )}
          </div>
        </section>
      ) : null}
      <div
        className="post-body mt-8"
        {...languageAttributes(post.shownIn, locale)}
        // Rendered from Markdown without raw HTML and sanitised on the server (lib/posts/markdown.server.ts).
        dangerouslySetInnerHTML={{ __html: post.html }}
      />
    </article>
  )
}
