import { Link } from 'react-router'
import { PlaceholderPage } from '~/components/placeholder-page'
import { PageHeader } from '~/components/page-header'
import { FeedLink, Pagination, PostGrid, feedLink } from '~/components/posts/post-parts'
import { pageMeta } from '~/lib/seo/meta'
import { useLocale, useSiteMessages } from '~/lib/site/root-data'
import type { Route } from './+types/news'
import { siteTexts } from '~/locales'
import { postListLoader } from '../+shared/posts.server'

export const meta: Route.MetaFunction = ({ data, matches }) => [
  ...pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: siteTexts(m, 'academy').news.title,
    site: 'academy',
    description: m.seo.descriptions.news,
  })),
  ...feedLink(data),
]

export const loader = (args: Route.LoaderArgs) => postListLoader('news', args)

/**
 * News & Events: the events to come first, then the news, the reader's language first; `?past`
 * shows the archive of past events. The spec's placeholder until the first post is published.
 */
export default function AcademyNews({ loaderData }: Route.ComponentProps) {
  const { news } = useSiteMessages('academy')
  const locale = useLocale()
  const { list, upcoming, past, empty, texts, feed } = loaderData
  if (empty) return <PlaceholderPage title={news.title} />
  return (
    <>
      <PageHeader title={news.title} />
      <FeedLink href={feed} texts={texts} />
      {past ? (
        <section aria-labelledby="past-heading">
          <h2 id="past-heading" className={headingClass}>
            {texts.pastEvents}
          </h2>
          {list.posts.length > 0 ? (
            <PostGrid posts={list.posts} texts={texts} locale={locale} label={texts.pastEvents} titles="h3" />
          ) : (
            <p className="mx-auto max-w-5xl px-4 text-slate-700">{texts.noPastEvents}</p>
          )}
          <Pagination list={list} texts={texts} query="past" />
          <p className="mx-auto mt-8 max-w-5xl px-4">
            <Link to="." className="font-bold text-primary hover:underline">
              {texts.allNews}
            </Link>
          </p>
        </section>
      ) : (
        <>
          {upcoming.length > 0 ? (
            <section aria-labelledby="upcoming-heading" className="mb-12">
              <h2 id="upcoming-heading" className={headingClass}>
                {texts.upcoming}
              </h2>
              <PostGrid posts={upcoming} texts={texts} locale={locale} label={texts.upcoming} titles="h3" />
            </section>
          ) : null}
          <section aria-labelledby="latest-heading">
            <h2 id="latest-heading" className={headingClass}>
              {texts.latest}
            </h2>
            <PostGrid posts={list.posts} texts={texts} locale={locale} label={texts.latest} titles="h3" />
          </section>
          <Pagination list={list} texts={texts} />
          <p className="mx-auto mt-8 max-w-5xl px-4">
            <Link to="?past" className="font-bold text-primary hover:underline">
              {texts.pastEventsLink}
            </Link>
          </p>
        </>
      )}
      <div className="h-16" />
    </>
  )
}

const headingClass = 'mx-auto mb-6 max-w-5xl px-4 text-2xl font-bold text-slate-900'
