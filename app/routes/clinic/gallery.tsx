import { PlaceholderPage } from '~/components/placeholder-page'
import { pageMeta } from '~/lib/seo/meta'
import { useSiteMessages } from '~/lib/site/root-data'
import type { Route } from './+types/gallery'
import { siteTexts } from '~/locales'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: siteTexts(m, 'clinic').galleryPage.title,
    site: 'clinic',
    description: m.seo.descriptions.gallery,
  }))

export default function ClinicGallery() {
  return <PlaceholderPage title={useSiteMessages('clinic').galleryPage.title} />
}
