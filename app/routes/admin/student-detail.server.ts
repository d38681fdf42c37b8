import { loadDeskDetail } from '~/lib/requests/desk-detail.server'
import type { Route } from './+types/student-detail'
import { deskDetailAction } from './+shared/request-desk.server'
import { loadRequestDetail } from './+shared/requests.server'

/** Everything submitted with one registration, and what the desk adds to it. */
export async function studentDetailLoader({ request, params }: Route.LoaderArgs) {
  const detail = await loadRequestDetail(request, 'registrations', params.id)
  return { ...detail, desk: await loadDeskDetail('registrations', detail.request) }
}

export const studentDetailAction = ({ request, params }: Route.ActionArgs) => deskDetailAction(request, 'registrations', params.id)
