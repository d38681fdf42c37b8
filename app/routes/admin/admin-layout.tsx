import { useEffect } from 'react'
import {
  isRouteErrorResponse,
  Link,
  Outlet,
  useLocation,
  useMatches,
  useNavigate,
  useRouteError,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import type { Route } from './+types/admin-layout'
import { adminLayoutLoader } from './admin-layout.server'
import { AdminShell } from '~/components/admin/admin-shell'
import { errorTitleAndText } from '~/components/admin/route-error'
import { useToast } from '~/components/ui/toast'
import { LOCALE_INFO } from '~/lib/i18n/locale'
import { staffMiddleware } from '~/lib/staff/staff-context.server'
import { format } from '~/locales'
import { admin as englishAdmin } from '~/locales/en/admin'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.messages.shell.title ?? englishAdmin.shell.title },
  { name: 'robots', content: 'noindex, nofollow' },
]

export function headers({ errorHeaders }: Route.HeadersArgs) {
  const retryAfter = errorHeaders?.get('Retry-After')
  return { 'Cache-Control': 'no-store', ...(retryAfter ? { 'Retry-After': retryAfter } : {}) }
}

/**
 * Every screen in the shell: a write from another site is refused, the session is read once, and
 * the loaders and actions below read the signed-in member from the staff context.
 */
export const middleware: Route.MiddlewareFunction[] = [staffMiddleware()]

/** The signed-in admin shell: who is signed in, their sections (docs/product.md#roles), language and the admin strings. */
export const loader = (args: Route.LoaderArgs) => adminLayoutLoader(args)

/** The shell's data changes only with a mutation (or a new sign-in), not with every page or search. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate
  return false
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { messages, sections, staff, demo, dir, locale } = loaderData
  // A page for paper (its handle says `bare`, as the agenda's print view) is drawn without the frame.
  const bare = useMatches().some((match) => (match.handle as { bare?: boolean } | undefined)?.bare)
  if (bare) {
    return (
      <div dir={dir} lang={LOCALE_INFO[locale].tag} className="min-h-screen bg-white text-slate-900">
        <main id="admin-main" tabIndex={-1} className="mx-auto max-w-6xl p-4 md:p-8 print:max-w-none print:p-0">
          <Outlet />
        </main>
      </div>
    )
  }
  return (
    <div dir={dir} lang={LOCALE_INFO[locale].tag}>
      <AdminShell
        messages={messages}
        sections={sections}
        displayName={staff.displayName}
        roleName={messages.roles[staff.role]}
        demo={demo}
        locale={locale}
      >
        <LoginNotice
          name={staff.displayName}
          title={messages.login.successTitle}
          text={messages.login.successText}
          firstText={messages.signInNotice.firstText}
        />
        <Outlet />
      </AdminShell>
    </div>
  )
}

/**
 * The 'Admin Login Successful!' notice, shown once after signing in: `?welcome=first` after the
 * account's first sign-in ('Welcome, …'), `?welcome=1` after any later one ('Welcome back, …').
 */
function LoginNotice({ name, title, text, firstText }: { name: string; title: string; text: string; firstText: string }) {
  const [params, setParams] = useSearchParams()
  const toast = useToast()
  const welcome = params.get('welcome')
  useEffect(() => {
    if (welcome !== '1' && welcome !== 'first') return
    toast({ title, description: format(welcome === 'first' ? firstText : text, { name }), variant: 'success' })
    setParams(
      (current) => {
        current.delete('welcome')
        return current
      },
      { replace: true, preventScrollReset: true },
    )
  }, [welcome, name, title, text, firstText, toast, setParams])
  return null
}

/** Errors of the shell itself. A data request without a valid session answers 401: go to the login page. */
export function ErrorBoundary() {
  const error = useRouteError()
  const navigate = useNavigate()
  const location = useLocation()
  const status = isRouteErrorResponse(error) ? error.status : 500
  useEffect(() => {
    if (status === 401) {
      const back = location.pathname.startsWith('/admin/') ? `?redirectTo=${encodeURIComponent(location.pathname)}` : ''
      navigate(`/admin/login${back}`, { replace: true })
    }
  }, [status, navigate, location.pathname])
  if (!isRouteErrorResponse(error)) console.error(error)
  const messages = englishAdmin.errors
  const [title, text] = errorTitleAndText(status, messages)
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      {text ? <p className="mt-4">{text}</p> : null}
      <p className="mt-6">
        <Link to="/admin/login" className="font-semibold text-slate-900 underline">
          {messages.signIn}
        </Link>
      </p>
    </main>
  )
}
