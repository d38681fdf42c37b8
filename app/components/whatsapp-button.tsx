import { useRootData } from '~/lib/site/root-data'
import { whatsappLink } from '~/lib/contact/whatsapp'
import { WhatsAppIcon } from './ui/icons'

/** The floating chat-messenger button shown on every page (docs/product.md#contact-details). */
export function WhatsAppButton() {
  const { settings, messages } = useRootData()
  return (
    <a
      href={whatsappLink(settings.whatsappNumber)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={messages.common.social.whatsappFloating}
      className="fixed bottom-4 start-4 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-[#128c7e] text-white shadow-lg hover:bg-[#0e6f64]"
    >
      <WhatsAppIcon className="h-7 w-7" />
    </a>
  )
}
