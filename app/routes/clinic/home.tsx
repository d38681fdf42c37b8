import { Fragment } from 'react'
import { Link } from 'react-router'
import { AppointmentForm } from '~/components/appointment-form'
import { smallSecondaryButtonClass } from '~/components/ui/button'
import { AboutBlock } from '~/components/clinic/about-block'
import { BookingSection } from '~/components/clinic/booking-section'
import { DoctorCards } from '~/components/clinic/doctor-cards'
import { ClinicHero } from '~/components/clinic/hero'
import { ServiceCards } from '~/components/clinic/service-cards'
import { Testimonials } from '~/components/clinic/testimonials'
import { SectionHeading } from '~/components/section-heading'
import { ArrowForwardIcon } from '~/components/ui/icons'
import { Static } from '~/components/ui/static'
import { pageMeta } from '~/lib/seo/meta'
import { useLocalizedPath, useSiteMessages } from '~/lib/site/root-data'
import type { HomepageSectionId } from '~/lib/site/site-data'
import { formPageHeaders } from '~/lib/forms/headers'
import type { Route } from './+types/home'
import { appointmentAction } from '../+shared/public-form.server'
import { homeLoader } from './home.server'
import { siteTexts } from '~/locales'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: siteTexts(m, 'clinic').homePage.title,
    site: 'clinic',
    description: siteTexts(m, 'clinic').homePage.description,
  }))

/**
 * Everything the homepage shows that staff can change: the hero texts and the order and visibility
 * of the sections. Read on the server, so the page arrives complete (no loading state).
 */
export const loader = (args: Route.LoaderArgs) => homeLoader(args)

export const headers = formPageHeaders

export async function action(args: Route.ActionArgs) {
  return appointmentAction(args)
}

/** A section of texts, pictures and links: shown as the server sent it on a first load (ui/static.tsx). */
function Section({ id, tinted = false, children }: { id: string; tinted?: boolean; children: React.ReactNode }) {
  return (
    <Static as="section" id={id} aria-labelledby={`${id}-heading`} className={`scroll-mt-20 py-16 sm:py-24 ${tinted ? 'bg-slate-50' : ''}`}>
      <div className="mx-auto max-w-6xl px-4">{children}</div>
    </Static>
  )
}

export default function ClinicHome({ loaderData }: Route.ComponentProps) {
  const { content, sections } = loaderData
  const lp = useLocalizedPath()
  const { services, team, testimonials, about } = useSiteMessages('clinic')
  const visible = sections.filter((section) => section.visible)
  const shows = (id: HomepageSectionId) => visible.some((section) => section.id === id)

  const render: Record<HomepageSectionId, () => React.ReactNode> = {
    hero: () => (
      <ClinicHero
        id="hero"
        title={content.heroTitle}
        description={content.heroDescription}
        bookHref={shows('booking') ? '#booking' : lp('/clinic/appointment')}
        servicesHref={shows('services') ? '#services' : lp('/clinic/services')}
      />
    ),
    services: () => (
      <Section id="services">
        <SectionHeading id="services-heading" title={services.heading} intro={services.intro} />
        <div className="mt-12">
          <ServiceCards homepage />
        </div>
        <p className="mt-10 text-center">
          <Link to={lp('/clinic/services')} className={smallSecondaryButtonClass}>
            {services.viewAll}
            <ArrowForwardIcon className="h-4 w-4" />
          </Link>
        </p>
      </Section>
    ),
    about: () => (
      <Section id="about" tinted>
        <AboutBlock
          headingId="about-heading"
          action={
            <Link to={lp('/clinic/contact')} className={smallSecondaryButtonClass}>
              {about.contactUs}
              <ArrowForwardIcon className="h-4 w-4" />
            </Link>
          }
        />
      </Section>
    ),
    team: () => (
      <Section id="team">
        <SectionHeading id="team-heading" title={team.heading} intro={team.intro} />
        <div className="mt-12">
          <DoctorCards homepage />
        </div>
      </Section>
    ),
    testimonials: () => (
      <Section id="testimonials" tinted>
        <SectionHeading id="testimonials-heading" title={testimonials.heading} />
        <div className="mt-12">
          <Testimonials />
        </div>
      </Section>
    ),
    booking: () => (
      <BookingSection id="booking">
        <AppointmentForm />
      </BookingSection>
    ),
  }

  return (
    <>
      {/* The page keeps its one <h1> when staff hide the hero. */}
      {shows('hero') ? null : <h1 className="sr-only">{content.heroTitle}</h1>}
      {visible.map((section) => (
        <Fragment key={section.id}>{render[section.id]()}</Fragment>
      ))}
    </>
  )
}
