import { Link, useLocation } from 'react-router'
import { localizeDigits } from '~/lib/i18n/digits'
import { localizePath, splitLocalePath, type Locale } from '~/lib/i18n/locale'
import { useLocalizedPath, useRootData } from '~/lib/site/root-data'
import { format, type Messages } from '~/locales'
import { AcademyFrame, ClinicFrame } from './site-frames'
import { GraduationIcon, ToothIcon } from './ui/icons'

/** Which site an unknown address belongs to, by its first segment (the clinic when neither). */
function siteOf(path: string): { site: 'clinic' | 'academy'; home: string } {
  if (path === '/academy' || path.startsWith('/academy/') || path === '/login') return { site: 'academy', home: '/academy' }
  return { site: 'clinic', home: path === '/clinic' || path.startsWith('/clinic/') ? '/clinic' : '/' }
}

/** The two doors out of a not-found page, as on the landing page. */
const SITES = [
  { site: 'clinic', icon: ToothIcon },
  { site: 'academy', icon: GraduationIcon },
] as const

/**
 * A not-found page in the language of its address (/fa, /ps or English), inside the frame of the
 * site the address points into: header with navigation and the language switch (to that site's
 * home, since this page has no other language), footer, and the ways back. Always `noindex`; the
 * status (404) is set by the route or the root loader.
 */
export function NotFoundPage() {
  const { messages, locale } = useRootData()
  const lp = useLocalizedPath()
  const { path } = splitLocalePath(useLocation().pathname)
  const { site, home } = siteOf(path)
  const { notFound, brand, siteSwitch, landing, pageTitle } = messages.common
  const Frame = site === 'academy' ? AcademyFrame : ClinicFrame
  return (
    <Frame languagePath={home}>
      <title>{format(pageTitle, { page: notFound.title, site: site === 'academy' ? brand.academyName : brand.clinicName })}</title>
      <meta name="robots" content="noindex" />
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-14 text-center sm:py-20">
        {/* The theme's strong shade: at least 4.5:1 on white, whatever colour staff chose. */}
        <p className="text-7xl leading-none font-bold text-primary sm:text-8xl" aria-hidden="true">
          {localizeDigits(404, locale)}
        </p>
        <h1 className="mt-6 text-3xl font-bold text-slate-900">{notFound.title}</h1>
        <p className="mt-3 max-w-xl text-slate-700">{notFound.text}</p>
        <nav aria-labelledby="not-found-ways" className="mt-10 w-full">
          <h2 id="not-found-ways" className="text-lg font-bold text-slate-900">
            {notFound.suggestions}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {SITES.map(({ site: door, icon: Icon }) => (
              <li key={door}>
                <Link
                  to={lp(`/${door}`)}
                  className="flex h-full items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 text-start shadow-sm hover:border-primary hover:shadow-md"
                >
                  <span
                    className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full text-white ${
                      door === 'clinic' ? 'bg-blue-700' : 'bg-orange-700'
                    }`}
                  >
                    <Icon className="h-6 w-6" />
                  </span>
                  <span>
                    <span className="block font-bold text-slate-900">{siteSwitch[door]}</span>
                    <span className="block text-sm text-slate-600">{landing[`${door}ButtonHint`]}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <Link to={lp('/')} className="mt-8 inline-block font-medium text-slate-800 underline underline-offset-4 hover:text-primary">
            {notFound.home}
          </Link>
        </nav>
      </div>
    </Frame>
  )
}

/** The not-found page when nothing of the site could be read (the staff area, or no data): the message alone. */
export function BareNotFoundPage({ messages, locale }: { messages: Messages['common']; locale: Locale }) {
  return (
    <main id="main" className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-4 text-center">
      <title>{messages.notFound.title}</title>
      <meta name="robots" content="noindex" />
      <p className="text-6xl font-bold text-slate-700" aria-hidden="true">
        {localizeDigits(404, locale)}
      </p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{messages.notFound.title}</h1>
      <p className="mt-3 text-slate-700">{messages.notFound.text}</p>
      <Link to={localizePath('/', locale)} className="mt-8 rounded-md bg-blue-700 px-5 py-2.5 font-bold text-white hover:bg-blue-800">
        {messages.notFound.home}
      </Link>
    </main>
  )
}
