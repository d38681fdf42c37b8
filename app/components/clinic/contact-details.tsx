import { Ltr } from '~/components/ui/bdi'
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '~/components/ui/icons'
import { useRootData, useSiteMessages } from '~/lib/site/root-data'
import { telHref } from '~/lib/contact/whatsapp'

function Item({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">{icon}</span>
      <div>
        <p className="text-sm font-medium text-slate-500">{label}</p>
        <div className="mt-0.5 text-slate-900">{children}</div>
      </div>
    </li>
  )
}

/** Phone, e-mail, address and opening hours of the clinic, from the settings. */
export function ContactDetails() {
  const { settings, messages, locale } = useRootData()
  const { contact, hours } = messages.common
  const { booking } = useSiteMessages('clinic')
  return (
    <ul className="space-y-5">
      <Item icon={<PhoneIcon />} label={contact.phone}>
        <a href={telHref(settings.phone)} className="font-bold text-slate-900 underline-offset-4 hover:text-primary hover:underline">
          <Ltr>{settings.phone}</Ltr>
        </a>
      </Item>
      <Item icon={<MailIcon />} label={contact.email}>
        <a href={`mailto:${settings.clinicEmail}`} className="break-all underline-offset-4 hover:text-primary hover:underline">
          <Ltr>{settings.clinicEmail}</Ltr>
        </a>
      </Item>
      <Item icon={<MapPinIcon />} label={contact.address}>
        <address className="not-italic">{settings.address[locale] || settings.address.en}</address>
      </Item>
      <Item icon={<ClockIcon />} label={booking.hoursHeading}>
        <dl className="space-y-0.5">
          <div className="flex flex-wrap gap-x-2">
            <dt>{hours.weekdays}:</dt>
            <dd className="whitespace-nowrap font-medium">{hours.weekdaysTime}</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt>{hours.friday}:</dt>
            <dd className="font-medium">{hours.closed}</dd>
          </div>
        </dl>
      </Item>
    </ul>
  )
}
