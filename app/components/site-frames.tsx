import { ChatWidget } from './chat-widget'
import { EmergencyBanner } from './emergency-banner'
import { SiteLayout } from './site-layout'
import { GraduationIcon, ToothIcon } from './ui/icons'
import { useRootData, useSiteMessages } from '~/lib/site/root-data'

interface FrameProps {
  /** The page; the matched child route when absent. */
  children?: React.ReactNode
  /** Where the language switch goes, unprefixed: the same page when absent. */
  languagePath?: string
}

/** The clinic site around a page: its navigation, call to action, footer, emergency banner and chat helper. */
export function ClinicFrame({ children, languagePath }: FrameProps) {
  const { messages, settings, siteImages } = useRootData()
  const { nav, footer } = useSiteMessages('clinic')
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
      languagePath={languagePath}
      before={<EmergencyBanner />}
      after={<ChatWidget />}
    >
      {children}
    </SiteLayout>
  )
}

/** The academy site around a page: its navigation, call to action and footer. */
export function AcademyFrame({ children, languagePath }: FrameProps) {
  const { messages, settings, siteImages } = useRootData()
  const academy = useSiteMessages('academy')
  const nav = academy.nav
  return (
    <SiteLayout
      site="academy"
      name={messages.common.brand.academyName}
      logo={siteImages.academyLogo}
      fallbackIcon={<GraduationIcon className="h-5 w-5" />}
      navLabel={nav.mainLabel}
      nav={[
        { to: '/academy', label: nav.home, end: true },
        { to: '/academy/courses', label: nav.courses },
        { to: '/academy/faculty', label: nav.faculty },
        { to: '/academy/news', label: nav.news },
      ]}
      action={{ to: '/academy/register', label: nav.register }}
      footer={{
        about: academy.footer.about,
        email: settings.academyEmail,
        links: [
          { to: '/academy/courses', label: nav.courses },
          { to: '/academy/faculty', label: nav.faculty },
          { to: '/login', label: nav.login },
        ],
      }}
      languagePath={languagePath}
    >
      {children}
    </SiteLayout>
  )
}
