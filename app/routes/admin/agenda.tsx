import type { Route } from './+types/agenda'
import { agendaLoader } from './agenda.server'
import { Agenda } from '~/components/admin/agenda'
import { AdminRouteError } from '~/components/admin/route-error'
import { passServerTiming } from '~/lib/requests/server-timing'

export const loader = (args: Route.LoaderArgs) => agendaLoader(args)

export default function AgendaScreen({ loaderData }: Route.ComponentProps) {
  return <Agenda data={loaderData} />
}

// The loader's database time, for scripts/measure-admin-list.js.
export const headers = passServerTiming

export const ErrorBoundary = AdminRouteError
