import { Outlet } from 'react-router'
import type { PublicImage } from '~/lib/site/published-site.server'
import { useLocalizedPath } from '~/lib/site/root-data'
import { LanguageNotice } from './language-notice'
import { SiteFooter } from './site-footer'
import { SiteHeader, type NavItem } from './site-header'
import { SiteLogo } from './site-image'
import { SkipLink } from './skip-link'

/**
 * The frame of the clinic and the academy sites: skip link, the offer of another language (English
 * pages only), header with logo, navigation and the main call to action, the page (the matched
 * route, or `children`), and the footer. `before` and `after` hold what only one site has (the
 * clinic's emergency banner and chat helper).
 */
export function SiteLayout({
  site,
  name,
  logo,
  fallbackIcon,
  nav,
  navLabel,
  action,
  footer,
  before,
  after,
  languagePath,
  children,
}: {
  site: 'clinic' | 'academy'
  name: string
  logo: PublicImage | undefined
  fallbackIcon: React.ReactNode
  nav: NavItem[]
  navLabel: string
  action: { to: string; label: string }
  footer: { about: string; email: string; links: { to: string; label: string }[] }
  before?: React.ReactNode
  after?: React.ReactNode
  /** Where the language switch goes (unprefixed); the same page when absent. */
  languagePath?: string
  children?: React.ReactNode
}) {
  const lp = useLocalizedPath()
  return (
    <div className={`theme-${site} flex min-h-screen flex-col`}>
      <SkipLink />
      <LanguageNotice />
      {before}
      <SiteHeader
        site={site}
        homeLabel={name}
        logo={
          <>
            {logo ? (
              <SiteLogo image={logo} />
            ) : (
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-primary text-white">{fallbackIcon}</span>
            )}
            <span className="hidden text-base sm:inline">{name}</span>
          </>
        }
        navLabel={navLabel}
        nav={nav}
        languagePath={languagePath}
        action={
          <a
            href={lp(action.to)}
            className="ms-1 hidden rounded-md bg-primary px-4 py-2 text-sm font-bold text-white hover:opacity-90 min-[400px]:inline-block"
          >
            {action.label}
          </a>
        }
      />
      <main id="main" className="flex-1">
        {children ?? <Outlet />}
      </main>
      <SiteFooter name={name} about={footer.about} email={footer.email} links={footer.links} />
      {after}
    </div>
  )
}
