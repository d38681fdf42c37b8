import { Ltr } from '~/components/ui/bdi'
import { primaryButtonClass } from '~/components/ui/button'
import { ClockIcon, MapPinIcon, PhoneIcon, WhatsAppIcon } from '~/components/ui/icons'
import { telHref, whatsappLink } from '~/lib/contact/whatsapp'
import { useRootData } from '~/lib/site/root-data'
import type { Messages } from '~/locales'

/**
 * What the service worker shows, without a connection, for a public page this phone never kept
 * (docs/decisions/022-offline.md): how to reach the clinic, from the settings published when it was
 * last online. The page carries no script, so it works as it was stored.
 */
export function OfflinePage({ qrSvg, texts: offline }: { qrSvg: string; texts: Messages['offline'] }) {
  const { settings, messages, locale } = useRootData()
  const { brand, hours } = messages.common
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-10">
      <p className="text-lg font-bold text-primary">{brand.clinicName}</p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{offline.title}</h1>
      <p className="mt-3 text-slate-700">{offline.text}</p>
      <div className="mt-6 rounded-xl bg-red-700 p-4 text-white">
        <p>{offline.emergency}</p>
        <a href={telHref(settings.phone)} className="mt-1 inline-flex items-center gap-2 text-xl font-bold underline underline-offset-2">
          <PhoneIcon className="h-5 w-5" />
          <Ltr>{settings.phone}</Ltr>
        </a>
      </div>
      <ul className="mt-6 space-y-4">
        <li>
          <a href={telHref(settings.phone)} className={primaryButtonClass}>
            <PhoneIcon />
            {offline.call}
          </a>
        </li>
        <li>
          <a href={whatsappLink(settings.whatsappNumber)} rel="noopener noreferrer" className={primaryButtonClass}>
            <WhatsAppIcon />
            {offline.whatsapp}
          </a>
        </li>
        <li className="flex gap-3">
          <MapPinIcon className="h-6 w-6 shrink-0 text-primary" />
          <address className="not-italic">{settings.address[locale] || settings.address.en}</address>
        </li>
        <li className="flex gap-3">
          <ClockIcon className="h-6 w-6 shrink-0 text-primary" />
          <div>
            <p className="font-medium">{offline.hours}</p>
            <p>
              {hours.weekdays}: <span className="whitespace-nowrap">{hours.weekdaysTime}</span>
            </p>
            <p>
              {hours.friday}: {hours.closed}
            </p>
          </div>
        </li>
      </ul>
      <div
        className="mt-6 inline-block rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 [&_svg]:block"
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <p className="mt-6 text-slate-700">{offline.saved}</p>
      {/* The address in the bar is the page asked for: sending this empty form loads it again. */}
      <form method="get" className="mt-4">
        <button type="submit" className="font-bold text-primary underline underline-offset-4">
          {offline.retry}
        </button>
      </form>
      {/* The line the service worker adds to a kept page it shows offline, in this page's language. */}
      <template id="offline-line">
        <p
          role="status"
          data-offline-line
          className="fixed inset-x-0 bottom-0 z-50 max-h-[5.25rem] overflow-y-auto bg-slate-800 px-4 py-2 text-center text-sm text-white"
        >
          {offline.notice}
        </p>
      </template>
    </main>
  )
}
