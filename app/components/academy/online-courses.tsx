import { Link } from 'react-router'
import { SectionHeading } from '~/components/section-heading'
import { smallPrimaryButtonClass } from '~/components/ui/button'
import { ArrowForwardIcon, ClockIcon, LaptopIcon } from '~/components/ui/icons'
import { useLocalizedPath, useRootData, useSiteMessages } from '~/lib/site/root-data'
import { courseTitleId, registerPath } from './course-links'
import { Static } from '~/components/ui/static'

/** The online courses shown, each with Enroll Now (while open) to the registration form with it preselected. */
export function OnlineCourses() {
  const { online, courses } = useSiteMessages('academy')
  const shown = useRootData().collections.courses.filter((course) => course.mode === 'online')
  const lp = useLocalizedPath()
  return (
    <Static as="section" aria-labelledby="online-heading" className="bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="online-heading" title={online.heading} intro={online.intro} />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {shown.map(({ id, name, description, duration, open }) => {
            return (
              <li key={id} className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
                <div className="flex items-center justify-between bg-primary/10 px-6 py-4 text-primary">
                  <LaptopIcon className="h-7 w-7" />
                  <span className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-sm font-bold">
                    <ClockIcon className="h-4 w-4" />
                    <span className="sr-only">{online.duration}: </span>
                    {duration}
                  </span>
                </div>
                <div className="flex flex-1 flex-col p-6">
                  <h3 id={courseTitleId(id)} className="text-xl font-bold text-slate-900">
                    {name}
                  </h3>
                  <p className="mt-2 flex-1 leading-relaxed text-slate-600">{description}</p>
                  {open ? (
                    <Link
                      to={lp(registerPath(id))}
                      id={`enroll-${id}`}
                      aria-labelledby={`enroll-${id} ${courseTitleId(id)}`}
                      className={`mt-6 self-start ${smallPrimaryButtonClass}`}
                    >
                      {online.enroll}
                      <ArrowForwardIcon className="h-4 w-4" />
                    </Link>
                  ) : (
                    <p className="mt-6 font-bold text-slate-700">{courses.registrationClosed}</p>
                  )}
                </div>
              </li>
            )
          })}
        </ul>
      </div>
    </Static>
  )
}
