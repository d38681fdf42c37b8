import type { Route } from './+types/patients-export'
import { exportRequestsCsv } from './+shared/requests.server'

/** CSV of the appointments matching the list's current search and status filter. */
export async function loader({ request }: Route.LoaderArgs) {
  return exportRequestsCsv(request, 'appointments')
}
