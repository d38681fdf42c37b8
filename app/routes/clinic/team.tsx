import { Link } from 'react-router'
import { placeholderActionClass } from '~/components/ui/button'
import { DoctorCards } from '~/components/clinic/doctor-cards'
import { PlaceholderPage } from '~/components/placeholder-page'
import { SectionHeading } from '~/components/section-heading'
import { pageMeta } from '~/lib/seo/meta'
import { useLocalizedPath, useSiteMessages } from '~/lib/site/root-data'
import type { Route } from './+types/team'
import { siteTexts } from '~/locales'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: siteTexts(m, 'clinic').teamPage.title,
    site: 'clinic',
    description: siteTexts(m, 'clinic').teamPage.description,
  }))

export default function ClinicTeam() {
  const { teamPage, team } = useSiteMessages('clinic')
  const lp = useLocalizedPath()
  return (
    <>
      <PlaceholderPage title={teamPage.title}>
        <Link to={lp('/clinic/appointment')} className={placeholderActionClass}>
          {teamPage.book}
        </Link>
      </PlaceholderPage>
      <section aria-labelledby="team-heading" className="bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading id="team-heading" title={team.heading} intro={team.intro} />
          <div className="mt-12">
            <DoctorCards />
          </div>
        </div>
      </section>
    </>
  )
}
