import type { Route } from './+types/patients'
import { RequestList } from '~/components/admin/request-list'
import { NewAppointmentLink } from '~/components/admin/request-desk'
import { requestListLoader } from '~/lib/requests/request-routes.server'
import { LIST_PATH } from '~/lib/access/sections'
import { AdminRouteError } from '~/components/admin/route-error'
import { passServerTiming } from '~/lib/requests/server-timing'

export async function loader({ request }: Route.LoaderArgs) {
  return requestListLoader(request, 'appointments')
}

export default function PatientsScreen({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <NewAppointmentLink />
      <RequestList kind="appointments" basePath={LIST_PATH.appointments} data={loaderData} />
    </>
  )
}

// The loader's database time, for scripts/measure-admin-list.js.
export const headers = passServerTiming

export const ErrorBoundary = AdminRouteError
