import type { Route } from './+types/student-detail'
import { RequestDetail } from '~/components/admin/request-detail'
import { loadRequestDetail } from '~/lib/requests/request-routes.server'
import { deskDetailAction, loadDeskDetail } from '~/lib/requests/desk-routes.server'
import { LIST_PATH } from '~/lib/access/sections'
import { AdminRouteError } from '~/components/admin/route-error'

export async function loader({ request, params }: Route.LoaderArgs) {
  const detail = await loadRequestDetail(request, 'registrations', params.id)
  return { ...detail, desk: await loadDeskDetail('registrations', detail.request) }
}

export async function action({ request, params }: Route.ActionArgs) {
  return deskDetailAction(request, 'registrations', params.id)
}

export default function StudentDetail({ loaderData }: Route.ComponentProps) {
  return <RequestDetail kind="registrations" basePath={LIST_PATH.registrations} data={loaderData} />
}

export const ErrorBoundary = AdminRouteError
