import { OfflinePage } from '~/components/offline-page'
import type { Route } from './+types/offline'
import { offlineLoader } from './offline.server'

// Kept by the service worker and shown in place of a page it never kept, without its scripts
// (service-worker/sw.ts): nothing on it needs them.

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.texts.title }, { name: 'robots', content: 'noindex' }] : []

export const loader = (args: Route.LoaderArgs) => offlineLoader(args)

export default function Offline({ loaderData }: Route.ComponentProps) {
  return <OfflinePage qrSvg={loaderData.qrSvg} texts={loaderData.texts} />
}
