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

/** News & Events: the events to come first, then the news, the reader's language first; the spec's placeholder until the first is published. */
export default function AcademyNews({ loaderData }: Route.ComponentProps) {
  const { news } = useSiteMessages('academy')
  const locale = useLocale()
  const { list, upcoming, empty, texts, feed } = loaderData
  if (empty) return <PlaceholderPage title={news.title} />
  return (
    <>
      <PageHeader title={news.title} />
      <FeedLink href={feed} texts={texts} />
      {upcoming.length > 0 ? (
        <section aria-labelledby="upcoming-heading" className="mb-12">
          <h2 id="upcoming-heading" className="mx-auto mb-6 max-w-5xl px-4 text-2xl font-bold text-slate-900">
            {texts.upcoming}
          </h2>
          <PostGrid posts={upcoming} texts={texts} locale={locale} label={texts.upcoming} />
        </section>
      ) : null}
      <section aria-labelledby="latest-heading">
        <h2 id="latest-heading" className="mx-auto mb-6 max-w-5xl px-4 text-2xl font-bold text-slate-900">
          {texts.latest}
        </h2>
        <PostGrid posts={list.posts} texts={texts} locale={locale} label={texts.latest} />
      </section>
      <Pagination list={list} texts={texts} />
      <div className="h-16" />
    </>
  )
}
