import type { Route } from './+types/students'
import { studentsLoader } from './students.server'
import { RequestList } from '~/components/admin/request-list'
import { LIST_PATH } from '~/lib/access/sections'
import { AdminRouteError } from '~/components/admin/route-error'
import { passServerTiming } from '~/lib/requests/server-timing'

export const loader = (args: Route.LoaderArgs) => studentsLoader(args)

export default function StudentsScreen({ loaderData }: Route.ComponentProps) {
  return <RequestList kind="registrations" basePath={LIST_PATH.registrations} data={loaderData} />
}

// The loader's database time, for scripts/measure-admin-list.js.
export const headers = passServerTiming

export const ErrorBoundary = AdminRouteError
