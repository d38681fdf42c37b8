import { createContext, useContext } from 'react'
import { useRouteLoaderData } from 'react-router'
import type { loader } from '~/root'
import { siteTexts, type SiteNamespace } from '~/locales'
import { localizePath } from '../i18n/locale'

/** What the root loader gives every page: locale, messages, contact settings, theme. */
export type RootData = NonNullable<ReturnType<typeof useRouteLoaderData<typeof loader>>>

const ShownInPlaceOfRoutes = createContext<RootData | null>(null)

/**
 * The same data for a page the root's error boundary shows in place of the routes: the not-found
 * page of an address whose first segment is no language ('/no-such-page', '/xx/clinic'), whose
 * root loader answers 404 with the English data (root.tsx).
 */
export const RootDataProvider = ShownInPlaceOfRoutes.Provider

/** The data every page has: locale, messages, contact settings. */
export function useRootData(): RootData {
  const loaded = useRouteLoaderData<typeof loader>('root')
  const shown = useContext(ShownInPlaceOfRoutes)
  const data = loaded ?? shown
  if (!data) throw new Error('useRootData() needs the root loader data')
  return data
}

export function useMessages() {
  return useRootData().messages
}

/** The texts of the page's own site ('clinic', 'chat', 'academy'): only its pages are sent them. */
export function useSiteMessages<N extends SiteNamespace>(namespace: N) {
  return siteTexts(useMessages(), namespace)
}

export function useLocale() {
  return useRootData().locale
}

/** Localizes an unprefixed path for the current page's language. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale()
  return (path) => localizePath(path, locale)
}
