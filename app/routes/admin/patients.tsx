import type { Route } from './+types/patients'
import { RequestList } from '~/components/admin/request-list'
import { loadRequestList } from '~/lib/requests/request-routes.server'
import { LIST_PATH } from '~/lib/access/sections'
import { AdminRouteError } from '~/components/admin/route-error'

export async function loader({ request }: Route.LoaderArgs) {
  return loadRequestList(request, 'appointments')
}

export default function PatientsScreen({ loaderData }: Route.ComponentProps) {
  return <RequestList kind="appointments" basePath={LIST_PATH.appointments} data={loaderData} />
}

export const ErrorBoundary = AdminRouteError
