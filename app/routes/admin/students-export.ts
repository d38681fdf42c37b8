import type { Route } from './+types/students-export'
import { exportRequestsCsv } from './+shared/requests.server'

/** CSV of the registrations matching the list's current search and status filter. */
export async function loader({ request }: Route.LoaderArgs) {
  return exportRequestsCsv(request, 'registrations')
}
