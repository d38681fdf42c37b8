import { loadDeskDetail } from '~/lib/requests/desk-detail.server'
import type { Route } from './+types/student-detail'
import { deskAction } from './+shared/request-desk.server'
import { loadRequestDetail } from './+shared/requests.server'

/** Everything submitted with one registration, and what the desk adds to it. */
export async function studentDetailLoader(args: Route.LoaderArgs) {
  const detail = await loadRequestDetail(args, 'registrations', args.params.id)
  return { ...detail, desk: await loadDeskDetail('registrations', detail.request) }
}

export const studentDetailAction = (args: Route.ActionArgs) => deskAction(args, 'registrations', args.params.id)
