import { useEffect } from 'react'
import { useRootData } from '~/lib/site/root-data'
import { whatsappLink } from '~/lib/contact/whatsapp'
import { WhatsAppIcon } from './ui/icons'

/** The floating chat-messenger button shown on every page (docs/product.md#contact-details). */
export function WhatsAppButton() {
  const { settings, messages } = useRootData()
  useEffect(() => {
    document.addEventListener('focusin', keepFieldClear)
    return () => document.removeEventListener('focusin', keepFieldClear)
  }, [])
  return (
    <a
      href={whatsappLink(settings.whatsappNumber)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={messages.common.social.whatsappFloating}
      className="fixed bottom-[calc(1rem_+_var(--offline-line,0px))] start-4 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-[#128c7e] text-white shadow-lg hover:bg-[#0e6f64]"
    >
      <WhatsAppIcon className="h-7 w-7" />
    </a>
  )
}

/**
 * A browser scrolls a field that gets the focus only when it is wholly out of view: one half under
 * the floating buttons stays there. Brought into view here, the page's scroll padding (styles/site.css, the
 * buttons' height on narrow screens) puts it above them; a field already clear does not move.
 */
function keepFieldClear(event: FocusEvent) {
  const field = event.target
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)) return
  // Only the page's own fields: the chat panel floats with the buttons.
  if (field.closest('main')) field.scrollIntoView({ block: 'nearest', inline: 'nearest' })
}
