import type { Route } from './+types/student-detail'
import { RequestDetail } from '~/components/admin/request-detail'
import { loadRequestDetail, requestDetailAction } from '~/lib/requests/request-routes.server'
import { LIST_PATH } from '~/lib/access/sections'
import { AdminRouteError } from '~/components/admin/route-error'

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadRequestDetail(request, 'registrations', params.id)
}

export async function action({ request, params }: Route.ActionArgs) {
  return requestDetailAction(request, 'registrations', params.id)
}

export default function StudentDetail({ loaderData }: Route.ComponentProps) {
  return <RequestDetail kind="registrations" basePath={LIST_PATH.registrations} data={loaderData} />
}

export const ErrorBoundary = AdminRouteError
