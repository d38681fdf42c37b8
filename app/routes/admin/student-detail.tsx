import type { Route } from './+types/student-detail'
import { studentDetailAction, studentDetailLoader } from './student-detail.server'
import { RequestDetail } from '~/components/admin/request-detail'
import { LIST_PATH } from '~/lib/access/sections'
import { AdminRouteError } from '~/components/admin/route-error'

export const loader = (args: Route.LoaderArgs) => studentDetailLoader(args)
export const action = (args: Route.ActionArgs) => studentDetailAction(args)

export default function StudentDetail({ loaderData }: Route.ComponentProps) {
  return <RequestDetail kind="registrations" basePath={LIST_PATH.registrations} data={loaderData} />
}

export const ErrorBoundary = AdminRouteError
