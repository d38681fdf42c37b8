import { Link } from 'react-router'
import { placeholderActionClass } from '~/components/ui/button'
import { AboutBlock } from '~/components/clinic/about-block'
import { PlaceholderPage } from '~/components/placeholder-page'
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

export default function ClinicAbout() {
  const { aboutPage } = useSiteMessages('clinic')
  const lp = useLocalizedPath()
  return (
    <>
      <PlaceholderPage title={aboutPage.title}>
        <Link to={lp('/clinic/contact')} className={placeholderActionClass}>
          {aboutPage.contactUs}
        </Link>
      </PlaceholderPage>
      <section aria-labelledby="about-heading" className="bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto max-w-6xl px-4">
          <AboutBlock headingId="about-heading" />
        </div>
      </section>
    </>
  )
}
