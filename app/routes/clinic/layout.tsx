import { ChatWidget } from '~/components/chat-widget'
import { EmergencyBanner } from '~/components/emergency-banner'
import { SiteLayout } from '~/components/site-layout'
import { ToothIcon } from '~/components/ui/icons'
import { useRootData } from '~/lib/site/root-data'

export default function ClinicLayout() {
  const { messages, settings, siteImages } = useRootData()
  const nav = messages.clinic.nav
  const footer = messages.clinic.footer
  return (
    <SiteLayout
      site="clinic"
      name={messages.common.brand.clinicName}
      logo={siteImages.clinicLogo}
      fallbackIcon={<ToothIcon className="h-5 w-5" />}
      navLabel={nav.mainLabel}
      nav={[
        { to: '/clinic', label: nav.home, end: true },
        { to: '/clinic/services', label: nav.services },
        { to: '/clinic/about', label: nav.about },
        { to: '/clinic/team', label: nav.team },
        { to: '/clinic/contact', label: nav.contact },
      ]}
      action={{ to: '/clinic/appointment', label: nav.bookOnline }}
      footer={{
        about: footer.about,
        email: settings.clinicEmail,
        links: [
          { to: '/clinic/about', label: footer.aboutUs },
          { to: '/clinic/services', label: footer.services },
          { to: '/clinic/contact', label: footer.contact },
        ],
      }}
      before={<EmergencyBanner />}
      after={<ChatWidget />}
    />
  )
}
