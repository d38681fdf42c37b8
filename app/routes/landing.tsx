import { Link } from 'react-router'
import { LanguageSwitcher } from '~/components/language-switcher'
import { GraduationIcon, ToothIcon } from '~/components/ui/icons'
import { format } from '~/locales'
import { pageMeta } from '~/lib/seo/meta'
import { useLocalizedPath, useRootData } from '~/lib/site/root-data'
import type { Route } from './+types/landing'
import { landingLoader } from './landing.server'

export const loader = (args: Route.LoaderArgs) => landingLoader(args)

export function headers() {
  return { Vary: 'Accept-Language, Cookie' }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: m.common.landing.title,
    site: 'clinic',
    description: m.seo.descriptions.landing,
  }))

/** The two doors of the landing page. */
const SITES = [
  { site: 'clinic', icon: ToothIcon, className: 'bg-blue-700 hover:bg-blue-800', hintClass: 'text-blue-50' },
  { site: 'academy', icon: GraduationIcon, className: 'bg-orange-700 hover:bg-orange-800', hintClass: 'text-orange-50' },
] as const

export default function Landing() {
  const { messages, year } = useRootData()
  const lp = useLocalizedPath()
  const { landing, brand, footer } = messages.common
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-blue-50 to-white">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-4">
        <Link to="/admin/login" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
          {landing.adminLink}
        </Link>
        <LanguageSwitcher />
      </header>
      <main id="main" className="mx-auto flex w-full max-w-5xl flex-1 flex-col items-center justify-center px-4 py-12 text-center">
        <h1 className="text-4xl font-bold text-slate-900 sm:text-5xl">{landing.title}</h1>
        <p className="mt-3 text-lg text-slate-700">{brand.tagline}</p>
        <p className="mt-1 text-slate-600">{landing.intro}</p>
        <div className="mt-10 grid w-full gap-6 sm:grid-cols-2">
          {SITES.map(({ site, icon: Icon, className, hintClass }) => (
            <Link
              key={site}
              to={lp(`/${site}`)}
              className={`group flex flex-col items-center gap-3 rounded-2xl p-8 text-white shadow-lg transition ${className}`}
            >
              <Icon className="h-12 w-12" />
              <span className="text-2xl font-bold">{landing[`${site}Button`]}</span>
              <span className={hintClass}>{landing[`${site}ButtonHint`]}</span>
            </Link>
          ))}
        </div>
      </main>
      <footer className="px-4 pt-6 pb-[calc(1.5rem+var(--floating-clearance))] text-center text-sm text-slate-600">
        {format(footer.rights, { year, name: brand.clinicName })}
      </footer>
    </div>
  )
}
