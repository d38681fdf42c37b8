import type { Route } from './+types/news-event'
import { eventCalendarLoader } from '../+shared/post-files.server'

/** An event's calendar file (.ics), in Kabul time. */
export const loader = (args: Route.LoaderArgs) => eventCalendarLoader(args)
