import { useRootData } from '~/lib/site/root-data'
import { telHref } from '~/lib/contact/whatsapp'
import { Ltr } from './ui/bdi'
import { PhoneIcon } from './ui/icons'

export function EmergencyBanner() {
  const { settings, messages } = useRootData()
  return (
    <div className="bg-red-700 px-4 py-2 text-center text-sm text-white">
      <span>{messages.clinic.emergency.text}</span>{' '}
      <a href={telHref(settings.phone)} className="inline-flex items-center gap-1 font-bold underline underline-offset-2">
        <PhoneIcon className="h-4 w-4" />
        <Ltr>{settings.phone}</Ltr>
      </a>
    </div>
  )
}
