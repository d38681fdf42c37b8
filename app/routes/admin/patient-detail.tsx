import type { Route } from './+types/patient-detail'
import { RequestDetail } from '~/components/admin/request-detail'
import { loadRequestDetail, requestDetailAction } from '~/lib/requests/request-routes.server'
import { LIST_PATH } from '~/lib/access/sections'
import { AdminRouteError } from '~/components/admin/route-error'

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadRequestDetail(request, 'appointments', params.id)
}

export async function action({ request, params }: Route.ActionArgs) {
  return requestDetailAction(request, 'appointments', params.id)
}

export default function PatientDetail({ loaderData }: Route.ComponentProps) {
  return <RequestDetail kind="appointments" basePath={LIST_PATH.appointments} data={loaderData} />
}

export const ErrorBoundary = AdminRouteError
