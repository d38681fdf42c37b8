import { Form, NavLink } from 'react-router'
import { format } from '~/locales'
import type { Messages } from '~/locales'
import type { AdminSectionId } from '../../lib/access/sections'
import { ADMIN_SECTIONS } from '../../lib/access/sections'
import type { Locale } from '~/lib/i18n/locale'
import { AdminLanguageSwitch } from './language-switch'
import { DeskAlerts } from './desk-alerts'

interface AdminShellProps {
  messages: Messages['admin']
  sections: AdminSectionId[]
  displayName: string
  roleName: string
  demo: boolean
  locale: Locale
  children: React.ReactNode
}

/** The staff panel's frame: the sidebar with the sections this role may use, Logout and the banner. */
export function AdminShell({ messages, sections, displayName, roleName, demo, locale, children }: AdminShellProps) {
  const visible = ADMIN_SECTIONS.filter((section) => sections.includes(section.id))
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 md:flex">
      <a
        href="#admin-main"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-bold text-slate-900 focus:not-sr-only focus:fixed focus:start-2 focus:top-2"
      >
        {messages.shell.skipToContent}
      </a>
      <aside className="border-b border-slate-800 bg-slate-900 text-slate-100 print:hidden md:min-h-screen md:w-60 md:shrink-0 md:border-b-0 md:border-e">
        <div className="px-5 py-4">
          <p className="text-lg font-bold">{messages.shell.brand}</p>
          <p className="mt-1 text-sm text-slate-300">{format(messages.shell.signedInAs, { name: displayName })}</p>
          <p className="text-xs text-slate-400">{roleName}</p>
          <NavLink
            to="/admin/account"
            prefetch="none"
            className="mt-1 inline-block text-sm text-slate-200 underline hover:text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
          >
            {messages.account.link}
          </NavLink>
          <div className="mt-3">
            <AdminLanguageSwitch label={messages.adminLanguage.label} current={locale} tone="dark" />
          </div>
          <DeskAlerts messages={messages} sections={sections} />
        </div>
        <nav aria-label={messages.shell.navLabel} className="px-3 pb-4">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {visible.map((section) => (
              <li key={section.id}>
                <NavLink
                  to={section.path}
                  prefetch="none"
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-white ${
                      isActive ? 'bg-slate-700 text-white' : 'text-slate-200 hover:bg-slate-800 hover:text-white'
                    }`
                  }
                >
                  {messages.sections[section.id]}
                </NavLink>
              </li>
            ))}
          </ul>
          <Form method="post" action="/admin/logout" className="mt-4 border-t border-slate-700 pt-4">
            <button
              type="submit"
              className="w-full rounded-md px-3 py-2 text-start text-sm font-medium text-slate-200 hover:bg-slate-800 hover:text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
            >
              {messages.shell.logout}
            </button>
          </Form>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        {demo ? (
          <p role="note" className="border-b border-yellow-300 bg-yellow-100 px-6 py-2 text-sm text-yellow-900 print:hidden">
            {messages.shell.demoBanner}
          </p>
        ) : null}
        <main id="admin-main" tabIndex={-1} className="mx-auto max-w-6xl p-4 md:p-8 print:max-w-none print:p-0">
          {children}
        </main>
      </div>
    </div>
  )
}
