import type { Route } from './+types/patients'
import { patientsLoader } from './patients.server'
import { RequestList } from '~/components/admin/request-list'
import { NewAppointmentLink } from '~/components/admin/request-desk'
import { LIST_PATH } from '~/lib/access/sections'
import { AdminRouteError } from '~/components/admin/route-error'
import { passServerTiming } from '~/lib/requests/server-timing'

export const loader = (args: Route.LoaderArgs) => patientsLoader(args)

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
