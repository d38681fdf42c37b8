import type { Route } from './+types/students'
import { requestListLoader } from './+shared/requests.server'

/** One page of registrations for the filter in the query string, with its database time. */
export const studentsLoader = (args: Route.LoaderArgs) => requestListLoader(args, 'registrations')
