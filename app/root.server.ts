import { data, type RouterContextProvider } from 'react-router'
import type { Route } from './+types/root'
import { adminLocale, isAdminPath } from './lib/staff/admin-locale.server'
import { formatYear } from './lib/i18n/dates'
import { env } from './lib/platform/env.server'
import { localeFromParam, splitLocalePath, type Locale } from './lib/i18n/locale'
import { structuredDataFor } from './lib/seo/structured-data.server'
import { siteOfPath } from './lib/site/page-site'
import { suggestedLocale } from './lib/i18n/language-suggestion.server'
import type { PublicCollections } from './lib/site/collections'
import {
  getPublicCollections,
  getPublicMessages,
  getSiteSettings,
  getSlotImages,
  getTheme,
  SiteUnavailableError,
} from './lib/site/published-site.server'
import { themeColors, themeCss } from './lib/site/theme'
import { serviceUnavailable } from './lib/platform/unavailable.server'
import { messagesFor, pageMessages, publicMessagesFor, type Messages, type Site } from './locales'

export async function rootLoader({ params, request, url, context }: Route.LoaderArgs) {
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

/** The answer of a page that could not be shown for now. */
export interface UnavailableData {
  unavailable: true
  locale: Locale
  messages: Pick<Messages, 'common'>
}
