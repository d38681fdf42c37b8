import { Link } from 'react-router'
import { placeholderActionClass } from '~/components/ui/button'
import { AboutBlock } from '~/components/clinic/about-block'
import { ContactDetails } from '~/components/clinic/contact-details'
import { PageHeader } from '~/components/page-header'
import { pageMeta } from '~/lib/seo/meta'
import { useLocalizedPath, useSiteMessages } from '~/lib/site/root-data'
import type { Route } from './+types/about'
import { siteTexts } from '~/locales'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: siteTexts(m, 'clinic').aboutPage.title,
    site: 'clinic',
    description: siteTexts(m, 'clinic').aboutPage.description,
  }))

/** The about block and the clinic's facts (phone, e-mail, address, hours), with Contact Us. */
export default function ClinicAbout() {
  const { aboutPage, booking } = useSiteMessages('clinic')
  const lp = useLocalizedPath()
  return (
    <>
      <PageHeader title={aboutPage.title} />
      <section aria-labelledby="about-heading" className="pb-16 sm:pb-20">
        <div className="mx-auto max-w-6xl px-4">
          <AboutBlock
            headingId="about-heading"
            action={
              <Link to={lp('/clinic/contact')} className={placeholderActionClass}>
                {aboutPage.contactUs}
              </Link>
            }
          />
        </div>
      </section>
      <section aria-labelledby="facts-heading" className="bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto max-w-3xl px-4">
          <h2 id="facts-heading" className="mb-8 text-2xl font-bold text-slate-900">
            {booking.contactHeading}
          </h2>
          <ContactDetails />
        </div>
      </section>
    </>
  )
}
