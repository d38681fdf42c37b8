import { PlaceholderPage } from '~/components/placeholder-page'
import { pageMeta } from '~/lib/seo/meta'
import { useSiteMessages } from '~/lib/site/root-data'
import type { Route } from './+types/blog'
import { siteTexts } from '~/locales'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: siteTexts(m, 'clinic').blogPage.title,
    site: 'clinic',
    description: m.seo.descriptions.blog,
  }))

export default function ClinicBlog() {
  return <PlaceholderPage title={useSiteMessages('clinic').blogPage.title} />
}
