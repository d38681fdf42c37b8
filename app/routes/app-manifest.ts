import { data } from 'react-router'
import { localeFromParam } from '~/lib/i18n/locale'
import { appManifest } from '~/lib/site/app-manifest.server'
import type { Route } from './+types/app-manifest'

/**
 * The web app manifest of a language (`/fa/manifest.webmanifest`), for the clinic or, with
 * `?site=academy`, the academy: installed from /fa/clinic, the app opens the Dari clinic.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang)
  if (!locale) throw data(null, { status: 404 })
  const site = new URL(request.url).searchParams.get('site') === 'academy' ? 'academy' : 'clinic'
  return new Response(JSON.stringify(await appManifest(locale, site, context)), {
    headers: {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      // Its name, colour and icons follow a publish within the hour.
      'Cache-Control': 'public, max-age=3600',
    },
  })
}
