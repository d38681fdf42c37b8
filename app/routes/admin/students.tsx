import type { Route } from './+types/students'
import { RequestList } from '~/components/admin/request-list'
import { loadRequestList } from '~/lib/requests/request-routes.server'
import { LIST_PATH } from '~/lib/access/sections'
import { AdminRouteError } from '~/components/admin/route-error'

export async function loader({ request }: Route.LoaderArgs) {
  return loadRequestList(request, 'registrations')
}

export default function StudentsScreen({ loaderData }: Route.ComponentProps) {
  return <RequestList kind="registrations" basePath={LIST_PATH.registrations} data={loaderData} />
}

export const ErrorBoundary = AdminRouteError
