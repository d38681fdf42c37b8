import { ICON_FILE, appIcon, type IconPurpose, type IconSize } from '~/lib/site/app-manifest.server'
import type { ThemeSite } from '~/lib/site/theme'
import type { Route } from './+types/app-icon'

/** Asked for with the version the manifest gives (what it is drawn from): never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** An installed app's icon: /app-icon/<site>-<any|maskable>-<192|512>.png?v=<version>. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const match = ICON_FILE.exec(params.file)
  if (!match) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-cache', 'Content-Type': 'text/plain' } })
  const [, site, purpose, size] = match
  const { png, version } = await appIcon(site as ThemeSite, purpose as IconPurpose, Number(size) as IconSize, context)
  const asked = new URL(request.url).searchParams.get('v')
  return new Response(new Uint8Array(png), {
    headers: {
      'Content-Type': 'image/png',
      'Content-Length': String(png.length),
      // An old version's address gets the current icon, for a day only.
      'Cache-Control': asked === version ? IMMUTABLE : 'public, max-age=86400',
      ETag: `"${site}-${purpose}-${size}-${version}"`,
    },
  })
}
