import type { Route } from './+types/events'
import { sectionsFor } from '~/lib/access/sections'
import { deskKindsOf, type DeskCounts } from '~/lib/desk-events/desk-events'
import { deskEventStream } from '~/lib/desk-events/event-stream.server'
import { database } from '~/lib/platform/db.server'
import { unlessDatabaseUnavailable } from '~/lib/platform/unavailable.server'
import { requestCounts } from '~/lib/requests/requests.server'
import { staffMiddleware, staffOf } from '~/lib/staff/staff-context.server'
import { hashToken, sessionToken } from '~/lib/staff/sessions.server'

const TABLE = { appointment: 'appointments', registration: 'registrations' } as const

/** A stream: without a session 401, never a redirect. */
export const middleware: Route.MiddlewareFunction[] = [staffMiddleware({ dataOnly: true })]

/**
 * The staff desk's live updates (server-sent events, app/lib/desk-events): new requests of the
 * kinds this role works (appointments for reception, registrations for the academy, both for
 * administrators), after the pending count of each. Every role has a stream, editors one without
 * requests: it tells the open pages when their session ends.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = staffOf(context).account
  // `?check` (SESSION_CHECK_PATH): the session holds (the middleware answers 401 when it does not).
  if (new URL(request.url).searchParams.has('check')) return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
  const kinds = deskKindsOf(sectionsFor(member.role))
  const counts: DeskCounts = {}
  await unlessDatabaseUnavailable(
    (async () => {
      const db = await database()
      for (const kind of kinds) counts[kind] = (await requestCounts(db, TABLE[kind])).pending
    })(),
  )
  const session = hashToken(sessionToken(request) ?? '')
  return deskEventStream({ memberId: member.id, session, kinds, counts, signal: request.signal })
}
