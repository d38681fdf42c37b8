import { Link } from 'react-router'
import { courseTitleId, registerPath } from '~/components/academy/course-links'
import { primaryButtonClass, smallPrimaryButtonClass } from '~/components/ui/button'
import { ArrowForwardIcon, BookIcon, ClockIcon, WalletIcon } from '~/components/ui/icons'
import { PageHeader } from '~/components/page-header'
import { formatAfn } from '~/lib/i18n/format'
import { pageMeta } from '~/lib/seo/meta'
import { useLocalizedPath, useRootData, useSiteMessages } from '~/lib/site/root-data'
import type { Route } from './+types/courses'
import { siteTexts } from '~/locales'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: siteTexts(m, 'academy').courses.title,
    site: 'academy',
    description: siteTexts(m, 'academy').courses.intro,
  }))

export default function AcademyCourses() {
  const { locale, collections } = useRootData()
  // The in-person courses shown, in order (the online ones are on the academy's home page).
  const shown = collections.courses.filter((course) => course.mode === 'inPerson')
  const { courses, hero } = useSiteMessages('academy')
  const lp = useLocalizedPath()
  return (
    <>
      <PageHeader title={courses.title} intro={courses.intro} />
      <ul className="mx-auto grid max-w-6xl gap-6 px-4 md:grid-cols-3">
        {shown.map(({ id, name, description, duration, feeAfn: fee, open }) => {
          return (
            <li key={id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
                <BookIcon className="h-6 w-6" />
              </span>
              <h2 id={courseTitleId(id)} className="mt-5 text-xl font-bold text-slate-900">
                {name}
              </h2>
              <p className="mt-2 flex-1 leading-relaxed text-slate-600">{description}</p>
              <dl className="mt-6 divide-y divide-slate-100 rounded-xl bg-slate-50 px-4">
                {/* The icon inside the term: a <dl>'s groups may hold only <dt> and <dd>. */}
                <div className="flex items-center gap-3 py-3">
                  <dt className="flex items-center gap-3 text-slate-600">
                    <ClockIcon className="h-5 w-5 shrink-0 text-primary" />
                    {courses.duration}
                  </dt>
                  <dd className="ms-auto text-end font-bold text-slate-900">{duration}</dd>
                </div>
                <div className="flex items-center gap-3 py-3">
                  <dt className="flex items-center gap-3 text-slate-600">
                    <WalletIcon className="h-5 w-5 shrink-0 text-primary" />
                    {courses.fees}
                  </dt>
                  <dd className="ms-auto text-end font-bold text-slate-900">
                    {fee === null ? courses.contactForDetails : formatAfn(fee, locale)}
                  </dd>
                </div>
              </dl>
              {open ? (
                <Link
                  to={lp(registerPath(id))}
                  id={`register-${id}`}
                  aria-labelledby={`register-${id} ${courseTitleId(id)}`}
                  className={`mt-6 ${smallPrimaryButtonClass}`}
                >
                  {courses.register}
                  <ArrowForwardIcon className="h-4 w-4" />
                </Link>
              ) : (
                <p className="mt-6 font-bold text-slate-700">{courses.registrationClosed}</p>
              )}
            </li>
          )
        })}
      </ul>
      <section aria-labelledby="courses-cta" className="mx-auto mt-16 max-w-3xl px-4 text-center">
        <h2 id="courses-cta" className="text-2xl font-bold text-slate-900">
          {courses.ctaTitle}
        </h2>
        <p className="mt-3 text-lg text-slate-600">{courses.ctaText}</p>
        <Link to={lp('/academy/register')} className={`mt-6 ${primaryButtonClass}`}>
          {hero.register}
        </Link>
      </section>
    </>
  )
}
