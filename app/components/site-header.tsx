import { Link, NavLink } from 'react-router'
import { useLocalizedPath, useMessages } from '~/lib/site/root-data'
import { LanguageSwitcher } from './language-switcher'
import { SiteSwitch } from './site-switch'
import { Dropdown, dropdownItemClass } from './ui/dropdown'

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
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium ${
      isActive ? 'bg-primary text-white font-bold' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
    }`
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-1 px-2 py-3 sm:gap-2 sm:px-4">
        <Link to={lp('/')} className="flex items-center gap-2 font-bold text-slate-900" aria-label={homeLabel}>
          {logo}
        </Link>
        <nav aria-label={navLabel} className="ms-4 hidden lg:block">
          <ul className="flex items-center gap-1">
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink to={lp(item.to)} end={item.end} className={linkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-1">
          <div className="lg:hidden">
            <Dropdown label={messages.common.menu}>
              <nav aria-label={navLabel}>
                {nav.map((item) => (
                  <NavLink
                    key={item.to}
                    to={lp(item.to)}
                    end={item.end}
                    className={({ isActive }) => `${dropdownItemClass} ${isActive ? 'font-bold text-primary' : ''}`}
                  >
                    {item.label}
                  </NavLink>
                ))}
              </nav>
            </Dropdown>
          </div>
          <SiteSwitch current={site} />
          <LanguageSwitcher path={languagePath} />
          {action}
        </div>
      </div>
    </header>
  )
}
