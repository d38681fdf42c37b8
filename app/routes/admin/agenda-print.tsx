import type { Route } from './+types/agenda-print'
import { Agenda } from '~/components/admin/agenda'
import { AdminRouteError } from '~/components/admin/route-error'
import { agendaPrintLoader } from './agenda-print.server'

/** The agenda's print view: the same day or week without the panel's frame and controls, for paper, with or without JavaScript. */
export const loader = agendaPrintLoader

/** The admin layout leaves its frame out for this page. */
export const handle = { bare: true }

export default function AgendaPrintScreen({ loaderData }: Route.ComponentProps) {
  return <Agenda data={loaderData} printView />
}

export const ErrorBoundary = AdminRouteError
