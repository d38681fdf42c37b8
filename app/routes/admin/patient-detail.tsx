import type { Route } from './+types/patient-detail'
import { patientDetailAction, patientDetailLoader } from './patient-detail.server'
import { RequestDetail } from '~/components/admin/request-detail'
import { LIST_PATH } from '~/lib/access/sections'
import { AdminRouteError } from '~/components/admin/route-error'

export const loader = (args: Route.LoaderArgs) => patientDetailLoader(args)
export const action = (args: Route.ActionArgs) => patientDetailAction(args)

export default function PatientDetail({ loaderData }: Route.ComponentProps) {
  return <RequestDetail kind="appointments" basePath={LIST_PATH.appointments} data={loaderData} />
}

export const ErrorBoundary = AdminRouteError
