import { PlaceholderPage } from '~/components/placeholder-page'
import { pageMeta } from '~/lib/seo/meta'
import { useMessages } from '~/lib/site/root-data'
import type { Route } from './+types/gallery'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: m.clinic.galleryPage.title,
    site: 'clinic',
    description: m.seo.descriptions.gallery,
  }))

export default function ClinicGallery() {
  return <PlaceholderPage title={useMessages().clinic.galleryPage.title} />
}
