import { Link, Outlet } from 'react-router'
import { ChatWidget } from '~/components/chat-widget'
import { EmergencyBanner } from '~/components/emergency-banner'
import { SiteFooter } from '~/components/site-footer'
import { SiteHeader } from '~/components/site-header'
import { SiteLogo } from '~/components/site-image'
import { SkipLink } from '~/components/skip-link'
import { ToothIcon } from '~/components/ui/icons'
import { useLocalizedPath, useRootData } from '~/lib/root-data'

export default function ClinicLayout() {
  const { messages, settings, siteImages } = useRootData()
  const lp = useLocalizedPath()
  const nav = messages.clinic.nav
  return (
    <div className="theme-clinic flex min-h-screen flex-col">
      <SkipLink />
      <EmergencyBanner />
      <SiteHeader
        site="clinic"
        homeLabel={messages.common.brand.clinicName}
        logo={
          <>
            {siteImages.clinicLogo ? (
              <SiteLogo image={siteImages.clinicLogo} />
            ) : (
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-primary text-white">
                <ToothIcon className="h-5 w-5" />
              </span>
            )}
            <span className="hidden text-base sm:inline">{messages.common.brand.clinicName}</span>
          </>
        }
        navLabel={nav.mainLabel}
        nav={[
          { to: '/clinic', label: nav.home, end: true },
          { to: '/clinic/services', label: nav.services },
          { to: '/clinic/about', label: nav.about },
          { to: '/clinic/team', label: nav.team },
          { to: '/clinic/contact', label: nav.contact },
        ]}
        action={
          <Link
            to={lp('/clinic/appointment')}
            className="ms-1 hidden rounded-md bg-primary px-4 py-2 text-sm font-bold text-white hover:opacity-90 min-[400px]:inline-block"
          >
            {nav.bookOnline}
          </Link>
        }
      />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter
        name={messages.common.brand.clinicName}
        about={messages.clinic.footer.about}
        email={settings.clinicEmail}
        links={[
          { to: '/clinic/about', label: messages.clinic.footer.aboutUs },
          { to: '/clinic/services', label: messages.clinic.footer.services },
          { to: '/clinic/contact', label: messages.clinic.footer.contact },
        ]}
      />
      <ChatWidget />
    </div>
  )
}
