import type { Route } from './+types/agenda'
import { Agenda } from '~/components/admin/agenda'
import { AdminRouteError } from '~/components/admin/route-error'
import { loadAgenda } from '~/lib/requests/agenda.server'
import { passServerTiming } from '~/lib/requests/server-timing'

export async function loader({ request }: Route.LoaderArgs) {
  return loadAgenda(request)
}

export default function AgendaScreen({ loaderData }: Route.ComponentProps) {
  return <Agenda data={loaderData} />
}

// The loader's database time, for scripts/measure-admin-list.js.
export const headers = passServerTiming

export const ErrorBoundary = AdminRouteError
