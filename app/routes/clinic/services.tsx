import { Link } from 'react-router'
import { smallSecondaryButtonClass } from '~/components/ui/button'
import { ServiceCards, serviceTitleId } from '~/components/clinic/service-cards'
import { CalendarIcon } from '~/components/ui/icons'
import { PageHeader } from '~/components/page-header'
import { useToast } from '~/components/ui/toast'
import { pageMeta } from '~/lib/seo/meta'
import { useLocalizedPath, useSiteMessages } from '~/lib/site/root-data'
import type { Route } from './+types/services'
import { siteTexts } from '~/locales'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: siteTexts(m, 'clinic').services.heading,
    site: 'clinic',
    description: siteTexts(m, 'clinic').servicesPage.description,
  }))

export default function ClinicServices() {
  const services = useSiteMessages('clinic').services
  const lp = useLocalizedPath()
  const toast = useToast()
  return (
    <>
      <PageHeader title={services.heading} intro={services.intro} />
      <div className="mx-auto max-w-6xl px-4 pb-4">
        <ServiceCards
          headingLevel={2}
          action={(id) => (
            // Named 'Learn More <service>' for screen readers, from the visible texts.
            <button
              type="button"
              id={`service-${id}-more`}
              aria-labelledby={`service-${id}-more ${serviceTitleId(id)}`}
              className={smallSecondaryButtonClass}
              onClick={() => toast({ title: services.comingSoonTitle, description: services.comingSoonText })}
            >
              {services.learnMore}
            </button>
          )}
        />
      </div>
      <section aria-labelledby="book-cta" className="mx-auto mt-16 max-w-6xl px-4">
        <div className="flex flex-col items-center gap-6 rounded-3xl bg-primary px-6 py-12 text-center text-white sm:px-12 lg:flex-row lg:justify-between lg:text-start">
          <div>
            <h2 id="book-cta" className="text-2xl font-bold sm:text-3xl">
              {services.ctaTitle}
            </h2>
            <p className="mt-3 text-lg text-white">{services.ctaText}</p>
          </div>
          <Link
            to={lp('/clinic/appointment')}
            className="inline-flex shrink-0 items-center gap-2 rounded-lg bg-white px-6 py-3 font-bold text-primary shadow-sm hover:bg-white/90"
          >
            <CalendarIcon />
            {services.ctaButton}
          </Link>
        </div>
      </section>
    </>
  )
}
