import { PlaceholderPage } from '~/components/placeholder-page'
import { pageMeta } from '~/lib/seo/meta'
import { useSiteMessages } from '~/lib/site/root-data'
import type { Route } from './+types/news'
import { siteTexts } from '~/locales'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: siteTexts(m, 'academy').news.title,
    site: 'academy',
    description: m.seo.descriptions.news,
  }))

export default function AcademyNews() {
  return <PlaceholderPage title={useSiteMessages('academy').news.title} />
}
