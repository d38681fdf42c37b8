import type { Route } from './+types/patient-detail'
import { RequestDetail } from '~/components/admin/request-detail'
import { loadRequestDetail } from '~/lib/requests/request-routes.server'
import { deskDetailAction, loadDeskDetail } from '~/lib/requests/desk-routes.server'
import { LIST_PATH } from '~/lib/access/sections'
import { AdminRouteError } from '~/components/admin/route-error'

export async function loader({ request, params }: Route.LoaderArgs) {
  const detail = await loadRequestDetail(request, 'appointments', params.id)
  return { ...detail, desk: await loadDeskDetail('appointments', detail.request) }
}

export async function action({ request, params }: Route.ActionArgs) {
  return deskDetailAction(request, 'appointments', params.id)
}

export default function PatientDetail({ loaderData }: Route.ComponentProps) {
  return <RequestDetail kind="appointments" basePath={LIST_PATH.appointments} data={loaderData} />
}

export const ErrorBoundary = AdminRouteError
