import { PlaceholderPage } from '~/components/placeholder-page'
import { pageMeta } from '~/lib/seo/meta'
import { useMessages } from '~/lib/site/root-data'
import type { Route } from './+types/blog'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: m.clinic.blogPage.title,
    site: 'clinic',
    description: m.seo.descriptions.blog,
  }))

export default function ClinicBlog() {
  return <PlaceholderPage title={useMessages().clinic.blogPage.title} />
}
