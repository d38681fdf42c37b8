import { loadDeskDetail } from '~/lib/requests/desk-detail.server'
import type { Route } from './+types/patient-detail'
import { deskAction } from './+shared/request-desk.server'
import { loadRequestDetail } from './+shared/requests.server'

/** Everything submitted with one appointment request, and what the desk adds to it. */
export async function patientDetailLoader(args: Route.LoaderArgs) {
  const detail = await loadRequestDetail(args, 'appointments', args.params.id)
  return { ...detail, desk: await loadDeskDetail('appointments', detail.request) }
}

export const patientDetailAction = (args: Route.ActionArgs) => deskAction(args, 'appointments', args.params.id)
