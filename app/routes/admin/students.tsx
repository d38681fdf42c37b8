import type { Route } from './+types/students'
import { RequestList } from '~/components/admin/request-list'
import { loadRequestList } from '~/components/admin/request-routes.server'
import { LIST_PATH } from '~/components/admin/sections'
import { AdminRouteError } from '~/components/admin/route-error'

export async function loader({ request }: Route.LoaderArgs) {
  return loadRequestList(request, 'registrations')
}

export default function StudentsScreen({ loaderData }: Route.ComponentProps) {
  return <RequestList kind="registrations" basePath={LIST_PATH.registrations} data={loaderData} />
}

export const ErrorBoundary = AdminRouteError
