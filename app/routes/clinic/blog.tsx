import { PlaceholderPage } from '~/components/placeholder-page'
import { PageHeader } from '~/components/page-header'
import { FeedLink, Pagination, PostGrid, feedLink } from '~/components/posts/post-parts'
import { pageMeta } from '~/lib/seo/meta'
import { useLocale, useSiteMessages } from '~/lib/site/root-data'
import type { Route } from './+types/blog'
import { siteTexts } from '~/locales'
import { postListLoader } from '../+shared/posts.server'

export const meta: Route.MetaFunction = ({ data, matches }) => [
  ...pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: siteTexts(m, 'clinic').blogPage.title,
    site: 'clinic',
    description: m.seo.descriptions.blog,
  })),
  ...feedLink(data),
]

export const loader = (args: Route.LoaderArgs) => postListLoader('articles', args)

/** The clinic's articles, the reader's language first; the spec's placeholder until the first is published. */
export default function ClinicBlog({ loaderData }: Route.ComponentProps) {
  const { blogPage } = useSiteMessages('clinic')
  const locale = useLocale()
  const { list, empty, texts, feed } = loaderData
  if (empty) return <PlaceholderPage title={blogPage.title} />
  return (
    <>
      <PageHeader title={blogPage.title} />
      <FeedLink href={feed} texts={texts} />
      <PostGrid posts={list.posts} texts={texts} locale={locale} label={blogPage.title} />
      <Pagination list={list} texts={texts} />
      <div className="h-16" />
    </>
  )
}
