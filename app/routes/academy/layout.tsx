import { Link, Outlet } from 'react-router'
import { SiteFooter } from '~/components/site-footer'
import { SiteHeader } from '~/components/site-header'
import { SiteLogo } from '~/components/site-image'
import { SkipLink } from '~/components/skip-link'
import { GraduationIcon } from '~/components/ui/icons'
import { useLocalizedPath, useRootData } from '~/lib/root-data'

export default function AcademyLayout() {
  const { messages, settings, siteImages } = useRootData()
  const lp = useLocalizedPath()
  const nav = messages.academy.nav
  return (
    <div className="theme-academy flex min-h-screen flex-col">
      <SkipLink />
      <SiteHeader
        site="academy"
        homeLabel={messages.common.brand.academyName}
        logo={
          <>
            {siteImages.academyLogo ? (
              <SiteLogo image={siteImages.academyLogo} />
            ) : (
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-primary text-white">
                <GraduationIcon className="h-5 w-5" />
              </span>
            )}
            <span className="hidden text-base sm:inline">{messages.common.brand.academyName}</span>
          </>
        }
        navLabel={nav.mainLabel}
        nav={[
          { to: '/academy', label: nav.home, end: true },
          { to: '/academy/courses', label: nav.courses },
          { to: '/academy/faculty', label: nav.faculty },
          { to: '/academy/news', label: nav.news },
        ]}
        action={
          <Link
            to={lp('/academy/register')}
            className="ms-1 hidden rounded-md bg-primary px-4 py-2 text-sm font-bold text-white hover:opacity-90 min-[400px]:inline-block"
          >
            {nav.register}
          </Link>
        }
      />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter
        name={messages.common.brand.academyName}
        about={messages.academy.footer.about}
        email={settings.academyEmail}
        links={[
          { to: '/academy/courses', label: nav.courses },
          { to: '/academy/faculty', label: nav.faculty },
          { to: '/login', label: nav.login },
        ]}
      />
    </div>
  )
}
