import { Link } from 'react-router'
import { placeholderActionClass } from '~/components/ui/button'
import { DoctorCards } from '~/components/clinic/doctor-cards'
import { PlaceholderPage } from '~/components/placeholder-page'
import { PageHeader } from '~/components/page-header'
import { pageMeta } from '~/lib/seo/meta'
import { useLocalizedPath, useRootData, useSiteMessages } from '~/lib/site/root-data'
import type { Route } from './+types/team'
import { siteTexts } from '~/locales'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: siteTexts(m, 'clinic').teamPage.title,
    site: 'clinic',
    description: siteTexts(m, 'clinic').teamPage.description,
  }))

/** The doctors of the collections, as on the homepage; the spec's placeholder only when none is published. */
export default function ClinicTeam() {
  const { teamPage, team } = useSiteMessages('clinic')
  const doctors = useRootData().collections.doctors
  const lp = useLocalizedPath()
  const book = (
    <Link to={lp('/clinic/appointment')} className={placeholderActionClass}>
      {teamPage.book}
    </Link>
  )
  if (doctors.length === 0) return <PlaceholderPage title={teamPage.title}>{book}</PlaceholderPage>
  return (
    <>
      <PageHeader title={teamPage.title} intro={team.intro} />
      <section aria-label={team.heading} className="pb-16 sm:pb-20">
        <div className="mx-auto max-w-6xl px-4">
          <DoctorCards />
          <p className="mt-12 text-center">{book}</p>
        </div>
      </section>
    </>
  )
}
