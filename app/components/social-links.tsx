import { useRootData } from '~/lib/site/root-data'
import { whatsappLink } from '~/lib/contact/whatsapp'
import { FacebookIcon, InstagramIcon, LinkedInIcon, WhatsAppIcon, YouTubeIcon } from './ui/icons'
import { useToast } from './ui/toast'

const NETWORKS = [
  { id: 'facebook', Icon: FacebookIcon },
  { id: 'instagram', Icon: InstagramIcon },
  { id: 'youtube', Icon: YouTubeIcon },
  { id: 'linkedin', Icon: LinkedInIcon },
] as const

/** Social icons: a configured link opens; an unconfigured one says 'Coming Soon!' (docs/product.md#contact-details). */
export function SocialLinks() {
  const { settings, messages } = useRootData()
  const toast = useToast()
  const labels = messages.common.social
  const iconClass = 'flex h-10 w-10 items-center justify-center rounded-full bg-slate-700 text-white hover:bg-slate-600'
  return (
    <ul className="flex flex-wrap gap-2" aria-label={messages.common.footer.followUs}>
      {NETWORKS.map(({ id, Icon }) => {
        const url = settings.social[id]
        return (
          <li key={id}>
            {url ? (
              <a href={url} target="_blank" rel="noopener noreferrer" aria-label={labels[id]} className={iconClass}>
                <Icon />
              </a>
            ) : (
              <button
                type="button"
                aria-label={labels[id]}
                className={iconClass}
                onClick={() => toast({ title: labels.comingSoonTitle, description: labels.comingSoonText })}
              >
                <Icon />
              </button>
            )}
          </li>
        )
      })}
      <li>
        <a
          href={whatsappLink(settings.whatsappNumber)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={labels.whatsapp}
          className={iconClass}
        >
          <WhatsAppIcon />
        </a>
      </li>
    </ul>
  )
}
