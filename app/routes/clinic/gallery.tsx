import { GalleryAlbums } from '~/components/clinic/gallery-albums'
import { PageHeader } from '~/components/page-header'
import { PlaceholderPage } from '~/components/placeholder-page'
import { useNonce } from '~/lib/platform/nonce'
import { pageMeta } from '~/lib/seo/meta'
import { useSiteMessages } from '~/lib/site/root-data'
import type { Route } from './+types/gallery'
import { siteTexts } from '~/locales'
import { galleryLoader } from './gallery.server'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: siteTexts(m, 'clinic').galleryPage.title,
    site: 'clinic',
    description: m.seo.descriptions.gallery,
  }))

export const loader = (args: Route.LoaderArgs) => galleryLoader(args)

/** The clinic's albums; the spec's placeholder until an album with a photo the public may see is published. */
export default function ClinicGallery({ loaderData }: Route.ComponentProps) {
  const { galleryPage } = useSiteMessages('clinic')
  const nonce = useNonce()
  const { albums, jsonLd } = loaderData
  if (albums.length === 0) return <PlaceholderPage title={galleryPage.title} />
  return (
    <>
      <PageHeader title={galleryPage.title} />
      {/* Serialised on the server by serializeJsonLd, which escapes '<'. */}
      {jsonLd ? <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLd }} /> : null}
      <GalleryAlbums albums={albums} texts={galleryPage} />
      <div className="h-16" />
    </>
  )
}
