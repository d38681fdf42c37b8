import { PlaceholderPage } from '~/components/placeholder-page'
import { pageMeta } from '~/lib/seo/meta'
import { useMessages } from '~/lib/site/root-data'
import type { Route } from './+types/news'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: m.academy.news.title,
    site: 'academy',
    description: m.seo.descriptions.news,
  }))

export default function AcademyNews() {
  return <PlaceholderPage title={useMessages().academy.news.title} />
}
