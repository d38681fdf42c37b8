import { SiteLayout } from '~/components/site-layout'
import { GraduationIcon } from '~/components/ui/icons'
import { useRootData } from '~/lib/site/root-data'

export default function AcademyLayout() {
  const { messages, settings, siteImages } = useRootData()
  const nav = messages.academy.nav
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
        about: messages.academy.footer.about,
        email: settings.academyEmail,
        links: [
          { to: '/academy/courses', label: nav.courses },
          { to: '/academy/faculty', label: nav.faculty },
          { to: '/login', label: nav.login },
        ],
      }}
    />
  )
}
