import { Link } from 'react-router'
import type { Locale } from '~/lib/i18n/locale'
import { AdminLanguageSwitch } from './language-switch'
import { adminCard } from './ui'

/** What a page outside the signed-in panel is drawn in: its language (lib/staff/admin-messages.server.ts). */
interface PageLocale {
  locale: Locale
  dir: 'ltr' | 'rtl'
  tag: string
  messages: { adminLanguage: { label: string } }
}

/**
 * A staff page outside the signed-in panel (sign-in and its code, a forgotten password, a reset
 * link, the first setup): one card in the middle of the screen, with the language switch and the
 * title, and at its foot, when `loginLink` names it, the way back to the sign-in page.
 */
export function StandalonePage({
  page,
  title,
  loginLink,
  children,
}: {
  page: PageLocale
  title: string
  loginLink?: string
  children: React.ReactNode
}) {
  return (
    <div dir={page.dir} lang={page.tag} className="flex min-h-screen items-center justify-center bg-slate-100 p-4 text-slate-900">
      <main className={`${adminCard} w-full max-w-md`}>
        <AdminLanguageSwitch label={page.messages.adminLanguage.label} current={page.locale} />
        <h1 className="mt-4 text-2xl font-bold">{title}</h1>
        {children}
        {loginLink ? (
          <p className="mt-6 text-sm">
            <Link to="/admin/login" className="text-slate-700 underline">
              {loginLink}
            </Link>
          </p>
        ) : null}
      </main>
    </div>
  )
}
