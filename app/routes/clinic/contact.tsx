import { primaryButtonClass } from '~/components/ui/button'
import { ContactDetails } from '~/components/clinic/contact-details'
import { MapPinIcon, NavigationIcon } from '~/components/ui/icons'
import { PageHeader } from '~/components/page-header'
import { directionsUrl } from '~/lib/contact/maps'
import { pageMeta } from '~/lib/seo/meta'
import { useRootData, useSiteMessages } from '~/lib/site/root-data'
import { siteTexts } from '~/locales'
import type { Route } from './+types/contact'
import { contactLoader } from './contact.server'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: siteTexts(m, 'clinic').contactPage.title,
    site: 'clinic',
    description: siteTexts(m, 'clinic').contactPage.intro,
  }))

/** The QR code is drawn here, on the server: the browser receives finished SVG and no QR library. */
export const loader = (args: Route.LoaderArgs) => contactLoader(args)

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const policy = loaderHeaders.get('Content-Security-Policy')
  return policy ? { 'Content-Security-Policy': policy } : new Headers()
}

export default function ClinicContact({ loaderData }: Route.ComponentProps) {
  const { settings } = useRootData()
  const page = useSiteMessages('clinic').contactPage
  return (
    <>
      <PageHeader title={page.title} intro={page.intro} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="find-us" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h2 id="find-us" className="mb-6 text-2xl font-bold text-slate-900">
            {page.findUs}
          </h2>
          <ContactDetails />
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <a
              href={directionsUrl(settings.map.latitude, settings.map.longitude)}
              target="_blank"
              rel="noopener noreferrer"
              className={primaryButtonClass}
              aria-describedby="directions-hint"
            >
              <NavigationIcon />
              {page.directions}
            </a>
            <span id="directions-hint" className="text-sm text-slate-600">
              {page.directionsHint}
            </span>
          </div>
        </section>
        <section
          aria-labelledby="qr-heading"
          className="flex flex-col items-center justify-center rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-8"
        >
          <h2 id="qr-heading" className="text-2xl font-bold text-slate-900">
            {page.qrLabel}
          </h2>
          {/* Rendered by the loader; the same markup hydrates without being redrawn. */}
          <div
            className="mt-6 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 [&_svg]:block"
            dangerouslySetInnerHTML={{ __html: loaderData.qrSvg }}
          />
          <p className="mt-4 max-w-xs text-sm text-slate-600">{page.qrHint}</p>
        </section>
      </div>
      <section aria-labelledby="map-heading" className="mx-auto mt-8 max-w-6xl px-4">
        <h2 id="map-heading" className="sr-only">
          {page.mapHeading}
        </h2>
        {loaderData.mapUrl ? (
          <iframe
            src={loaderData.mapUrl}
            title={page.mapHeading}
            loading="lazy"
            allowFullScreen
            className="h-80 w-full rounded-2xl border-0 shadow-sm ring-1 ring-slate-200 sm:h-96"
          />
        ) : (
          <div className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-slate-300 bg-slate-50 p-8 text-center text-slate-600">
            <MapPinIcon className="h-10 w-10 text-primary" />
            <p className="text-lg">{page.mapPlaceholder}</p>
          </div>
        )}
      </section>
    </>
  )
}
