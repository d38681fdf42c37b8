import { loadDeskDetail } from '~/lib/requests/desk-detail.server'
import type { Route } from './+types/patient-detail'
import { deskDetailAction } from './+shared/request-desk.server'
import { loadRequestDetail } from './+shared/requests.server'

/** Everything submitted with one appointment request, and what the desk adds to it. */
export async function patientDetailLoader({ request, params }: Route.LoaderArgs) {
  const detail = await loadRequestDetail(request, 'appointments', params.id)
  return { ...detail, desk: await loadDeskDetail('appointments', detail.request) }
}

export const patientDetailAction = ({ request, params }: Route.ActionArgs) => deskDetailAction(request, 'appointments', params.id)
