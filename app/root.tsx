import {
  Links,
  Meta,
  Outlet,
  useLocation,
  Scripts,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  type RouterContextProvider,
  type ShouldRevalidateFunctionArgs,
  useRouteError,
  useRouteLoaderData,
} from 'react-router'
import { useEffect } from 'react'
import type { Route } from './+types/root'
import { FontPreloads, SeoHead } from './components/document-head'
import { BareNotFoundPage, NotFoundPage } from './components/not-found-page'
import { UnavailablePage } from './components/unavailable-page'
import { markHydrated } from './components/ui/static'
import { ToastProvider } from './components/ui/toast'
import { WhatsAppButton } from './components/whatsapp-button'
import { adminLocale, isAdminPath } from './lib/staff/admin-locale.server'
import { formatYear } from './lib/i18n/dates'
import { env } from './lib/platform/env.server'
import { LOCALE_INFO, localeFromParam, splitLocalePath, type Locale } from './lib/i18n/locale'
import { structuredDataFor } from './lib/seo/structured-data.server'
import { structuredDataKind } from './lib/seo/structured-data'
import { siteOfPath } from './lib/site/page-site'
import { useNonce } from './lib/platform/nonce'
import { InlineStylesheet, stylesheetOf } from './lib/platform/stylesheet'
import { isStaffPath } from './lib/platform/staff-path'
import { suggestedLocale } from './lib/i18n/language-suggestion.server'
import { RootDataProvider, type RootData } from './lib/site/root-data'
import type { PublicCollections } from './lib/site/collections'
import {
  getPublicCollections,
  getPublicMessages,
  getSiteSettings,
  getSlotImages,
  getTheme,
  SiteUnavailableError,
} from './lib/site/published-site.server'
import { DEFAULT_THEME, themeColors, themeCss, themeSiteOf } from './lib/site/theme'
import { manifestPath } from './lib/offline/offline-pages'
import { serviceUnavailable } from './lib/platform/unavailable.server'
import { messagesFor, pageMessages, publicMessagesFor, type Messages, type PageMessages, type Site } from './locales'
import { common as fallbackCommon } from './locales/en/common'

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const locale = isAdminPath(request) ? adminLocale(request) : localeFromParam(params.lang)
  // The first segment is no language ('/no-such-page', '/xx/clinic'): the English not-found page,
  // with all the site's frame shows, is rendered by the error boundary from this answer.
  if (!locale) throw data({ ...(await siteData('en', request, url, context)), notFound: true }, { status: 404 })
  return siteData(locale, request, url, context)
}

/**
 * What every page of a language is given: its texts, the published settings, theme and images.
 * `url` is the page's address (a data request's without its `.data`), `request` the one received.
 */
async function siteData(locale: Locale, request: Request, url: URL, context: Readonly<RouterContextProvider>) {
  // What staff published (settings, theme, texts, images): one query per request, shared with the
  // page loaders through the request's context.
  const [settings, theme, published, siteImages] = await Promise.all([
    getSiteSettings(context),
    getTheme(context),
    getPublicMessages(publicMessagesFor(locale), locale, context),
    getSlotImages(locale, context),
  ]).catch((error: unknown) => {
    // Nothing published was ever read by this process and the database is away: a page that
    // says so in the visitor's language, and when to try again.
    if (error instanceof SiteUnavailableError) {
      throw serviceUnavailable<UnavailableData>({ unavailable: true, locale, messages: { common: messagesFor(locale).common } })
    }
    throw error
  })
  const publicUrl = env().PUBLIC_URL
  const { path } = splitLocalePath(url.pathname)
  // Services, doctors, testimonials, faculty and courses as published (shown items, in order): a
  // page carries only its own site's lists.
  const collections = pageCollections(
    await getPublicCollections(locale, published, context),
    isAdminPath(request) ? null : siteOfPath(path),
  )
  return {
    locale,
    // The shared texts and the page's own site's: a clinic page carries none of the academy's, and
    // the staff panel (which has texts of its own) neither site's.
    messages: pageMessages(published, isAdminPath(request) ? null : siteOfPath(path)),
    settings,
    themeCss: themeCss(theme),
    // The browser's toolbar colour: the published primary colour of the page's site.
    themeColors: themeColors(theme),
    font: theme.font,
    // The logo and hero images chosen in the media manager (absent: the built-in look).
    siteImages,
    collections,
    // The server's year (Kabul time), so the footer never differs between server and browser:
    // '2025' in English, the Solar Hijri year in Eastern digits ('۱۴۰۴') in Dari and Pashto.
    year: formatYear(new Date(), locale),
    // For canonical, hreflang and sitemap URLs.
    publicUrl,
    structuredData: structuredDataFor({ path, locale, publicUrl, messages: published, settings, courses: collections.courses }),
    // An English page offers a visitor who prefers Dari or Pashto the same page in it. The page
    // cache keeps a copy per suggestion (server/app.ts), so this is not shared between visitors.
    languageNotice: languageNoticeFor(request, url),
  }
}

/** The lists a page of `site` shows; the other site's (and, outside both sites, all) left empty. */
function pageCollections(all: PublicCollections, site: Site | null): PublicCollections {
  const clinic = site === 'clinic'
  const academy = site === 'academy'
  return {
    services: clinic ? all.services : [],
    doctors: clinic ? all.doctors : [],
    testimonials: clinic ? all.testimonials : [],
    faculty: academy ? all.faculty : [],
    courses: academy ? all.courses : [],
  }
}

/** The notice, in the suggested language, or null (lib/i18n/language-suggestion.server.ts). */
function languageNoticeFor(request: Request, url: URL) {
  const locale = suggestedLocale(url.pathname, (name) => request.headers.get(name))
  return locale ? { locale, messages: messagesFor(locale).common.languageNotice } : null
}

/** The not-found page of an unknown first segment carries the English data of every page. */
function notFoundData(error: unknown): RootData | null {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null
  const body = error.data as (RootData & { notFound?: true }) | null
  return body?.notFound ? body : null
}

/** The answer of a page that could not be shown for now. */
interface UnavailableData {
  unavailable: true
  locale: Locale
  messages: Pick<Messages, 'common'>
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
  useInteractiveMark()
  return (
    <html lang={tag} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={root?.themeColors[themeSiteOf(splitLocalePath(pathname).path)] ?? DEFAULT_THEME.clinicPrimary} />
        {staffPage ? null : <link rel="manifest" href={manifestPath(locale, themeSiteOf(splitLocalePath(pathname).path))} />}
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
