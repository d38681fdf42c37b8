import { useRouteLoaderData } from 'react-router'
import type { loader } from '~/root'
import { localizePath } from '../i18n/locale'

/** The data every page has: locale, messages, contact settings. */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>('root')
  if (!data) throw new Error('useRootData() needs the root loader data')
  return data
}

export function useMessages() {
  return useRootData().messages
}

export function useLocale() {
  return useRootData().locale
}

/** Localizes an unprefixed path for the current page's language. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale()
  return (path) => localizePath(path, locale)
}
