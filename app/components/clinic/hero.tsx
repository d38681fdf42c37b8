import { Link } from 'react-router'
import { primaryButtonClass, secondaryButtonClass } from '~/components/ui/button'
import { SiteImage } from '~/components/site-image'
import { Ltr } from '~/components/ui/bdi'
import { Static } from '~/components/ui/static'
import { ClockIcon, MapPinIcon, PhoneIcon, ShieldCheckIcon } from '~/components/ui/icons'
import { useRootData, useSiteMessages } from '~/lib/site/root-data'
import { telHref } from '~/lib/contact/whatsapp'

/** The clinic homepage's hero: the page's <h1>, the description and the two main actions. */
export function ClinicHero({
  id,
  title,
  description,
  bookHref,
  servicesHref,
}: {
  id: string
  title: string
  description: string
  bookHref: string
  servicesHref: string
}) {
  const { messages, settings, locale, siteImages } = useRootData()
  const { hero } = useSiteMessages('clinic')
  const { hours, contact, brand } = messages.common
  return (
    <Static
      as="section"
      data={[title, description, bookHref, servicesHref]}
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-20 bg-gradient-to-b from-primary/10 to-white"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[3fr_2fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-bold text-primary shadow-sm ring-1 ring-primary/20">
            <ShieldCheckIcon className="h-4 w-4" />
            {brand.tagline}
          </p>
          <h1 id={`${id}-heading`} className="mt-5 text-4xl font-bold leading-tight tracking-tight text-slate-900 sm:text-5xl">
            {title}
          </h1>
          <p className="mt-5 max-w-xl whitespace-pre-line text-lg leading-relaxed text-slate-700">{description}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={bookHref} className={primaryButtonClass}>
              {hero.book}
            </Link>
            <Link to={servicesHref} className={secondaryButtonClass}>
              {hero.services}
            </Link>
          </div>
        </div>
        <div className="relative">
          {siteImages.clinicHero ? (
            <SiteImage
              image={siteImages.clinicHero}
              sizes="(min-width: 1152px) 440px, (min-width: 1024px) 38vw, calc(100vw - 2rem)"
              priority
              className="relative mb-6 h-auto w-full rounded-2xl object-cover shadow-lg"
            />
          ) : null}
          <div aria-hidden="true" className="absolute -inset-3 hidden rotate-2 rounded-3xl bg-primary/10 lg:block" />
          <ul className="relative space-y-4 rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200">
            <li className="flex items-center gap-4">
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-primary text-white">
                <PhoneIcon />
              </span>
              <div>
                <p className="text-sm text-slate-500">{contact.phone}</p>
                <a href={telHref(settings.phone)} className="text-lg font-bold text-slate-900 hover:text-primary">
                  <Ltr>{settings.phone}</Ltr>
                </a>
              </div>
            </li>
            <li className="flex items-center gap-4">
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                <ClockIcon />
              </span>
              <div>
                <p className="text-sm text-slate-500">{hours.weekdays}</p>
                <p className="font-bold text-slate-900">{hours.weekdaysTime}</p>
                <p className="text-sm text-slate-600">
                  {hours.friday}: {hours.closed}
                </p>
              </div>
            </li>
            <li className="flex items-center gap-4">
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                <MapPinIcon />
              </span>
              <div>
                <p className="text-sm text-slate-500">{contact.address}</p>
                <p className="font-medium text-slate-900">{settings.address[locale] || settings.address.en}</p>
              </div>
            </li>
          </ul>
        </div>
      </div>
    </Static>
  )
}
