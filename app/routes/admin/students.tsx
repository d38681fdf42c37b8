import type { Route } from './+types/students'
import { RequestList } from '~/components/admin/request-list'
import { requestListLoader } from '~/lib/requests/request-routes.server'
import { LIST_PATH } from '~/lib/access/sections'
import { AdminRouteError } from '~/components/admin/route-error'
import { passServerTiming } from '~/lib/requests/server-timing'

export async function loader({ request }: Route.LoaderArgs) {
  return requestListLoader(request, 'registrations')
}

export default function StudentsScreen({ loaderData }: Route.ComponentProps) {
  return <RequestList kind="registrations" basePath={LIST_PATH.registrations} data={loaderData} />
}

// The loader's database time, for scripts/measure-admin-list.js.
export const headers = passServerTiming

export const ErrorBoundary = AdminRouteError
