import { Static } from './ui/static'
import { useRootData, useSiteMessages } from '~/lib/site/root-data'
import { telHref } from '~/lib/contact/whatsapp'
import { Ltr } from './ui/bdi'
import { PhoneIcon } from './ui/icons'

export function EmergencyBanner() {
  const { settings } = useRootData()
  const { emergency } = useSiteMessages('clinic')
  return (
    <Static className="bg-red-700 px-4 py-2 text-center text-sm text-white">
      <span>{emergency.text}</span>{' '}
      {/* The site's focus outline (styles/site.css: 3px, 2px clear of the element) is the theme colour, which
          cannot be seen on this red: white here, 6.4:1 on red-700. `!` because that rule is not in a layer. */}
      <a
        href={telHref(settings.phone)}
        className="inline-flex items-center gap-1 font-bold underline underline-offset-2 focus-visible:outline-white!"
      >
        <PhoneIcon className="h-4 w-4" />
        <Ltr>{settings.phone}</Ltr>
      </a>
    </Static>
  )
}
