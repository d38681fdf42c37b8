import { Link } from 'react-router'
import { format } from '~/locales'
import { useLocalizedPath, useRootData } from '~/lib/site/root-data'
import { telHref } from '~/lib/contact/whatsapp'
import { SocialLinks } from './social-links'
import { Ltr } from './ui/bdi'
import { Static } from './ui/static'
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from './ui/icons'

/**
 * Footer of the clinic and academy sites: blurb, quick links, contact info, hours, social icons. All
 * but the social icons (whose unset networks answer a press) are shown as the server sent them on a
 * first load (ui/static.tsx).
 */
export function SiteFooter({
  name,
  about,
  email,
  links,
}: {
  name: string
  about: string
  email: string
  links: { to: string; label: string }[]
}) {
  const { settings, messages, locale, year } = useRootData()
  const lp = useLocalizedPath()
  const common = messages.common
  return (
    <footer className="bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <Static as="section" data={[name, about, email, links]}>
          <h2 className="text-lg font-bold text-white">{name}</h2>
          <p className="mt-3 text-sm leading-relaxed text-slate-300">{about}</p>
        </Static>
        <Static as="section" data={[name, about, email, links]}>
          <h2 className="text-lg font-bold text-white">{common.footer.quickLinks}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={lp(link.to)} className="text-slate-300 underline-offset-4 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </Static>
        <Static as="section" data={[name, about, email, links]}>
          <h2 className="text-lg font-bold text-white">{common.footer.contactInfo}</h2>
          <address className="mt-3 space-y-3 text-sm not-italic text-slate-300">
            <IconLine icon={MapPinIcon}>{settings.address[locale] || settings.address.en}</IconLine>
            <IconLine icon={MailIcon}>
              <a href={`mailto:${email}`} className="hover:text-white">
                <Ltr>{email}</Ltr>
              </a>
            </IconLine>
            <IconLine icon={PhoneIcon}>
              <a href={telHref(settings.phone)} className="hover:text-white">
                <Ltr>{settings.phone}</Ltr>
              </a>
            </IconLine>
          </address>
        </Static>
        <section>
          <h2 className="text-lg font-bold text-white">{common.footer.hours}</h2>
          {/* The icon stands beside the list: a <dl> may hold only <dt>/<dd> groups. */}
          <Static className="mt-3 flex gap-2 text-sm text-slate-300">
            <ClockIcon className="mt-0.5 h-4 w-4 shrink-0" />
            <dl className="space-y-1">
              <div className="flex gap-2">
                <dt>{common.hours.weekdays}:</dt>
                <dd>{common.hours.weekdaysTime}</dd>
              </div>
              <div className="flex gap-2">
                <dt>{common.hours.friday}:</dt>
                <dd>{common.hours.closed}</dd>
              </div>
            </dl>
          </Static>
          <h2 className="mt-6 text-lg font-bold text-white">{common.footer.followUs}</h2>
          <div className="mt-3">
            <SocialLinks />
          </div>
        </section>
      </div>
      {/* Room below the last line for the floating buttons on narrow screens (styles/site.css). */}
      <Static
        as="p"
        data={name}
        className="border-t border-slate-800 px-4 pt-6 pb-[calc(1.5rem+var(--floating-clearance))] text-center text-sm text-slate-400"
      >
        {format(common.footer.rights, { year, name })}
      </Static>
    </footer>
  )
}

/** A line of the footer's contact details with its icon at the start. */
function IconLine({ icon: Icon, children }: { icon: typeof MailIcon; children: React.ReactNode }) {
  return (
    <p className="flex gap-2">
      <Icon className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{children}</span>
    </p>
  )
}
