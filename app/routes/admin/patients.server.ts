import type { Route } from './+types/patients'
import { requestListLoader } from './+shared/requests.server'

/** One page of appointment requests for the filter in the query string, with its database time. */
export const patientsLoader = (args: Route.LoaderArgs) => requestListLoader(args, 'appointments')
