import { Link } from 'react-router'
import { SiteImage } from '~/components/site-image'
import { formatDate } from '~/lib/i18n/dates'
import { LOCALE_INFO, type Locale } from '~/lib/i18n/locale'
import type { PostCard, PostList, PublicEvent } from '~/lib/posts/post-reads.server'
import { format, type Messages } from '~/locales'

export type PostTexts = Messages['posts']['public']

/** `lang` and `dir` for texts shown in another language than the page's. */
export function languageAttributes(shownIn: Locale, page: Locale) {
  return shownIn === page ? {} : { lang: LOCALE_INFO[shownIn].tag, dir: LOCALE_INFO[shownIn].dir }
}

/** When and where an event is: Kabul time; Solar Hijri with the Gregorian date beside it for Dari and Pashto. */
export function EventFacts({ event, texts, locale }: { event: PublicEvent; texts: PostTexts; locale: Locale }) {
  const start = formatDate(new Date(event.start), locale, { withTime: true, withWeekday: true })
  const end = event.end ? formatDate(new Date(event.end), locale, { withTime: true }) : null
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
      <dt className="font-bold">{texts.when}</dt>
      <dd>
        <time dateTime={event.start}>{start}</time>
        {end ? (
          <>
            {' – '}
            <time dateTime={event.end!}>{end}</time>
          </>
        ) : null}
      </dd>
      {event.place ? (
        <>
          <dt className="font-bold">{texts.where}</dt>
          <dd>{event.place}</dd>
        </>
      ) : null}
    </dl>
  )
}

/** One post in a list: cover, title linking to it, date, summary, and the language it is shown in when not the page's. */
function PostCardItem({
  post,
  texts,
  locale,
  eager,
  heading: Heading,
}: {
  post: PostCard
  texts: PostTexts
  locale: Locale
  eager: boolean
  heading: 'h2' | 'h3'
}) {
  const other = post.shownIn !== locale
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {post.cover ? (
        <SiteImage
          image={post.cover}
          sizes="(min-width: 768px) 50vw, 100vw"
          priority={eager}
          decorative
          className="aspect-[16/9] w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <Heading className="text-xl font-bold text-slate-900" {...languageAttributes(post.shownIn, locale)}>
          <Link to={post.path} className="hover:text-primary hover:underline">
            {post.title}
          </Link>
        </Heading>
        {post.event ? (
          <EventFacts event={post.event} texts={texts} locale={locale} />
        ) : (
          <p className="mt-1 text-sm text-slate-600">
            <time dateTime={post.publishAt}>{format(texts.publishedOn, { date: formatDate(new Date(post.publishAt), locale) })}</time>
          </p>
        )}
        {other ? (
          <p className="mt-2 w-fit rounded bg-slate-100 px-2 py-0.5 text-xs font-bold text-slate-700">
            {format(texts.shownIn, { language: texts.languageNames[post.shownIn] })}
          </p>
        ) : null}
        {post.summary ? (
          <p className="mt-3 leading-relaxed text-slate-700" {...languageAttributes(post.shownIn, locale)}>
            {post.summary}
          </p>
        ) : null}
      </div>
    </li>
  )
}

/** Newer and older pages: plain links (`?page=`, after `query` when given), so they work without JavaScript and crawlers follow them. */
export function Pagination({ list, texts, query }: { list: PostList; texts: PostTexts; query?: string }) {
  if (list.pages <= 1) return null
  const href = (page: number) => {
    const parts = [...(query ? [query] : []), ...(page === 1 ? [] : [`page=${page}`])]
    return parts.length ? `?${parts.join('&')}` : '.'
  }
  return (
    <nav aria-label={texts.pagesLabel} className="mx-auto mt-10 flex max-w-5xl items-center justify-between gap-4 px-4">
      {list.page > 1 ? (
        <Link to={href(list.page - 1)} rel="prev" className="font-bold text-primary hover:underline">
          {texts.newer}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">{format(texts.pageOf, { page: list.page, pages: list.pages })}</span>
      {list.page < list.pages ? (
        <Link to={href(list.page + 1)} rel="next" className="font-bold text-primary hover:underline">
          {texts.older}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}

/**
 * A list of post cards. Their titles are headings one level below the list's own heading (`h3` under
 * a section's `h2`); the first cover loads at once.
 */
export function PostGrid({
  posts,
  texts,
  locale,
  label,
  titles = 'h2',
}: {
  posts: PostCard[]
  texts: PostTexts
  locale: Locale
  label: string
  titles?: 'h2' | 'h3'
}) {
  return (
    <ul aria-label={label} className="mx-auto grid max-w-5xl gap-6 px-4 md:grid-cols-2">
      {posts.map((post, index) => (
        <PostCardItem key={post.id} post={post} texts={texts} locale={locale} eager={index === 0} heading={titles} />
      ))}
    </ul>
  )
}

/** The list's Atom feed for the page's head, while something is published. */
export function feedLink(data: { feed: string; empty: boolean; texts: PostTexts } | undefined) {
  return data && !data.empty
    ? [{ tagName: 'link', rel: 'alternate', type: 'application/atom+xml', title: data.texts.feed, href: data.feed }]
    : []
}

/** The visible link to the list's feed; a document link, as the feed is no page of the app. */
export function FeedLink({ href, texts }: { href: string; texts: PostTexts }) {
  return (
    <p className="mx-auto mb-6 max-w-5xl px-4 text-sm">
      <a href={href} type="application/atom+xml" className="font-bold text-primary hover:underline">
        {texts.feed}
      </a>
    </p>
  )
}
