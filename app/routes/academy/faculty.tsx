import { FacultyCards } from '~/components/academy/faculty-cards'
import { PageHeader } from '~/components/page-header'
import { pageMeta } from '~/lib/seo/meta'
import { useSiteMessages } from '~/lib/site/root-data'
import type { Route } from './+types/faculty'
import { siteTexts } from '~/locales'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: siteTexts(m, 'academy').faculty.title,
    site: 'academy',
    description: siteTexts(m, 'academy').faculty.intro,
  }))

export default function AcademyFaculty() {
  const faculty = useSiteMessages('academy').faculty
  return (
    <>
      <PageHeader title={faculty.title} intro={faculty.intro} />
      <div className="mx-auto max-w-6xl px-4">
        <FacultyCards />
      </div>
    </>
  )
}
