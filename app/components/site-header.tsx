import { useLocation } from 'react-router'
import { useLocalizedPath, useMessages } from '~/lib/site/root-data'
import { LanguageSwitcher } from './language-switcher'
import { SiteSwitch } from './site-switch'
import { Dropdown, dropdownItemClass } from './ui/dropdown'
import { HydrateOnUse } from './ui/hydrate-on-use'
import { isCurrentPath, useFollowLinks } from './ui/site-links'

export interface NavItem {
  to: string
  label: string
  /** Active only on an exact match (the site's home link). */
  end?: boolean
}

/** The sticky header of the clinic and academy sites. Paths are unprefixed; they are localized here. */
export function SiteHeader({
  site,
  homeLabel,
  logo,
  nav,
  navLabel,
  action,
  languagePath,
}: {
  site: 'clinic' | 'academy'
  homeLabel: string
  logo: React.ReactNode
  nav: NavItem[]
  navLabel: string
  action?: React.ReactNode
  /** Where the language switch goes (unprefixed); the same page when absent. */
  languagePath?: string
}) {
  const lp = useLocalizedPath()
  const messages = useMessages()
  const { pathname } = useLocation()
  // Plain links (ui/site-links.ts): the header is hydrated on every page's first load.
  const followLinks = useFollowLinks()
  const links = nav.map((item) => ({ ...item, href: lp(item.to), current: isCurrentPath(pathname, lp(item.to), item.end) }))
  return (
    // The clicks on its links are handled here; the links themselves are what a keyboard reaches.
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-static-element-interactions
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur" onClick={followLinks}>
      <div className="mx-auto flex max-w-6xl items-center gap-1 px-2 py-3 sm:gap-2 sm:px-4">
        <a href={lp('/')} className="flex items-center gap-2 font-bold text-slate-900" aria-label={homeLabel}>
          {logo}
        </a>
        <nav aria-label={navLabel} className="ms-4 hidden lg:block">
          <ul className="flex items-center gap-1">
            {links.map((item) => (
              <li key={item.to}>
                <a
                  href={item.href}
                  aria-current={item.current ? 'page' : undefined}
                  className={`rounded-md px-3 py-2 text-sm font-medium ${
                    item.current ? 'bg-primary text-white font-bold' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                  }`}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-1">
          {/* The menus work as HTML (<details>, a form) until first used (ui/hydrate-on-use.tsx). */}
          <HydrateOnUse>
            <div className="lg:hidden">
              <Dropdown label={messages.common.menu}>
                <nav aria-label={navLabel}>
                  {links.map((item) => (
                    <a
                      key={item.to}
                      href={item.href}
                      aria-current={item.current ? 'page' : undefined}
                      className={`${dropdownItemClass} ${item.current ? 'font-bold text-primary' : ''}`}
                    >
                      {item.label}
                    </a>
                  ))}
                </nav>
              </Dropdown>
            </div>
            <SiteSwitch current={site} />
            <LanguageSwitcher path={languagePath} />
            {action}
          </HydrateOnUse>
        </div>
      </div>
    </header>
  )
}
