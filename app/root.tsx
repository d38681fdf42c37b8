import {
  Links,
  Meta,
  Outlet,
  useLocation,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  type ShouldRevalidateFunctionArgs,
  useRouteError,
  useRouteLoaderData,
} from 'react-router'
import { useEffect } from 'react'
import type { Route } from './+types/root'
import { rootLoader, type UnavailableData } from './root.server'
import { FontPreloads, SeoHead } from './components/document-head'
import { BareNotFoundPage, NotFoundPage } from './components/not-found-page'
import { UnavailablePage } from './components/unavailable-page'
import { markHydrated } from './components/ui/first-load'
import { ToastProvider } from './components/ui/toast'
import { WhatsAppButton } from './components/whatsapp-button'
import { LOCALE_INFO, splitLocalePath, type Locale } from './lib/i18n/locale'
import { structuredDataKind } from './lib/seo/structured-data'
import { siteOfPath } from './lib/site/page-site'
import { useNonce } from './lib/platform/nonce'
import { InlineStylesheet, stylesheetOf } from './lib/platform/stylesheet'
import { isStaffPath } from './lib/platform/staff-path'
import { RootDataProvider, type RootData } from './lib/site/root-data'
import { DEFAULT_THEME, themeSiteOf } from './lib/site/theme'
import { manifestPath } from './lib/offline/offline-pages'
import type { PageMessages } from './locales'
import { common as fallbackCommon } from './locales/en/common'

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export const loader = (args: Route.LoaderArgs) => rootLoader(args)

/** The not-found page of an unknown first segment carries the English data of every page. */
function notFoundData(error: unknown): RootData | null {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null
  const body = error.data as (RootData & { notFound?: true }) | null
  return body?.notFound ? body : null
}

function unavailableData(error: unknown): UnavailableData | null {
  if (!isRouteErrorResponse(error) || error.status !== 503) return null
  const body = error.data as Partial<UnavailableData> | null
  return body?.unavailable ? (body as UnavailableData) : null
}

/** A 503 keeps its Retry-After (the pages themselves set no headers here). */
export function headers({ errorHeaders }: Route.HeadersArgs) {
  const retryAfter = errorHeaders?.get('Retry-After')
  return retryAfter ? { 'Retry-After': retryAfter, 'Cache-Control': 'no-store' } : new Headers()
}

export function shouldRevalidate({
  currentParams,
  nextParams,
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate
  // The texts, the structured data and the theme colour differ by language, site and kind of page.
  const kind = (url: URL) => structuredDataKind(splitLocalePath(url.pathname).path)
  const site = (url: URL) => siteOfPath(splitLocalePath(url.pathname).path)
  return currentParams.lang !== nextParams.lang || site(currentUrl) !== site(nextUrl) || kind(currentUrl) !== kind(nextUrl)
}

export function Layout({ children }: { children: React.ReactNode }) {
  const loaded = useRouteLoaderData<typeof loader>('root')
  const nonce = useNonce()
  const error = useRouteError()
  const root = loaded ?? notFoundData(error)
  const { pathname } = useLocation()
  const locale: Locale = root?.locale ?? unavailableData(error)?.locale ?? 'en'
  const { tag, dir } = LOCALE_INFO[locale]
  const staffPage = isStaffPath(pathname)
  const site = themeSiteOf(splitLocalePath(pathname).path)
  useInteractiveMark()
  return (
    <html lang={tag} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={root?.themeColors[site] ?? DEFAULT_THEME.clinicPrimary} />
        {/* Not in the server's HTML: Chromium fetches the manifest and its icon as soon as it sees the link,
            which on a slow connection put off the largest text of the Dari and Pashto pages. React adds
            it to <head> as it hydrates, and changes it with the language and site (decision 022). */}
        {staffPage || typeof document === 'undefined' ? null : <link rel="manifest" href={manifestPath(locale, site)} />}
        {/* With a precedence React sends the stylesheet first in <head>, ahead of everything else. */}
        <InlineStylesheet href={stylesheetOf(pathname)} nonce={nonce} />
        <Meta />
        <Links />
        <FontPreloads locale={locale} font={root?.font} staff={staffPage} />
        <SeoHead root={loaded} />
        {root ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: root.themeCss }} /> : null}
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

/**
 * Marks `<html data-hydrated>` once the page has hydrated. The scripts load only after the first
 * paint (docs/decisions/013-first-paint.md), so a page can be on screen well before it is
 * interactive; the browser tests wait for this mark before they use what needs JavaScript.
 */
function useInteractiveMark() {
  useEffect(() => {
    markHydrated()
    document.documentElement.dataset.hydrated = ''
  }, [])
}

export default function App({ loaderData }: Route.ComponentProps) {
  const staffPage = isStaffPath(useLocation().pathname)
  return (
    <ToastProvider messages={loaderData.messages.common.toast} placement={staffPage ? 'bottom' : 'top'}>
      <Outlet />
      {staffPage ? null : <WhatsAppButton />}
    </ToastProvider>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const root = useRouteLoaderData<typeof loader>('root') ?? notFoundData(error)
  const staffPage = isStaffPath(useLocation().pathname)
  const errorMessages = isRouteErrorResponse(error) ? (error.data as { messages?: PageMessages } | null)?.messages : undefined
  const common = root?.messages.common ?? errorMessages?.common ?? fallbackCommon
  if (isRouteErrorResponse(error) && error.status === 404) {
    // A page of the site (header, footer, language switch) in the address's language.
    if (root && !staffPage) {
      return (
        <RootDataProvider value={root}>
          <ToastProvider messages={root.messages.common.toast}>
            <NotFoundPage />
            <WhatsAppButton />
          </ToastProvider>
        </RootDataProvider>
      )
    }
    return <BareNotFoundPage messages={common} locale={root?.locale ?? 'en'} />
  }
  // The database cannot be reached (the page's own data, or nothing published read yet).
  if (isRouteErrorResponse(error) && error.status === 503) return <UnavailablePage messages={common} />
  if (!isRouteErrorResponse(error)) console.error(error)
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-bold">{common.error.title}</h1>
      <p className="mt-4">{common.error.text}</p>
    </main>
  )
}
