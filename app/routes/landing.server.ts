import { redirect } from 'react-router'
import { localizePath } from '~/lib/i18n/locale'
import { preferredLocale } from '~/lib/i18n/language-notice'
import type { Route } from './+types/landing'

export function landingLoader({ request, params }: Route.LoaderArgs) {
  if (params.lang) return null
  // The English home: send a first-time visitor who prefers Dari or Pashto to their language.
  // (Other English pages stay and offer it instead: components/language-notice.tsx.)
  const preferred = preferredLocale(request.headers.get('cookie'), request.headers.get('accept-language'))
  if (preferred && preferred !== 'en') {
    throw redirect(localizePath('/', preferred), { headers: { Vary: 'Accept-Language, Cookie' } })
  }
  return null
}
