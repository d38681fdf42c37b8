/**
 * What the staff desk announces: a request was created, its kind, number and how many of its kind
 * are pending. Never a name or a phone number: lock screens and logs may show it.
 */
import type { AdminSectionId } from '../access/sections'

const DESK_KINDS = ['appointment', 'registration'] as const
export type DeskKind = (typeof DESK_KINDS)[number]

export interface DeskEvent {
  kind: DeskKind
  id: number
  /** Pending requests of this kind once this one was stored. */
  pending: number
}

/** The first message of a stream: the pending count of each kind the staff member may see. */
export type DeskCounts = Partial<Record<DeskKind, number>>

/** The PostgreSQL channel the announcements travel on between server processes. */
export const DESK_CHANNEL = 'staff_desk'

/**
 * The channel on which a server process tells every other to end a staff member's streams (signed
 * out, disabled, given another role, a new password): all of them, or one session's, or all but one
 * session's. Sessions are named by their token's hash, never the token.
 */
export const STREAM_END_CHANNEL = 'staff_desk_end'

export interface StreamEnd {
  memberId: number
  /** Only this session's streams. */
  session?: string
  /** All the member's streams but this session's. */
  except?: string
  /**
   * The sessions can no longer open the staff pages (signed out, ended, disabled, a new password,
   * or two-step sign-in now required): their tabs are told to load the page again, which takes them
   * to the sign-in page (or the set-up). Without it (a new role) the tabs only reconnect.
   */
  reload?: boolean
}

/** The object a notification's JSON text holds, or null when it holds none. */
function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** A stream end read back from its JSON text, or null when it is not one. */
export function parseStreamEnd(text: string): StreamEnd | null {
  const value = jsonObject(text)
  if (!value) return null
  const { memberId, session, except, reload } = value
  if (!Number.isSafeInteger(memberId)) return null
  if ((session !== undefined && typeof session !== 'string') || (except !== undefined && typeof except !== 'string')) return null
  return {
    memberId: memberId as number,
    session: session as string | undefined,
    except: except as string | undefined,
    ...(reload === true ? { reload: true } : {}),
  }
}

/** True when a stream of this member and session is one the end names. */
export function streamEnds(end: StreamEnd, memberId: number, session: string | undefined): boolean {
  if (end.memberId !== memberId) return false
  if (end.session !== undefined) return end.session === session
  return end.except === undefined || end.except !== session
}

/** The address of the event stream. */
export const DESK_EVENTS_PATH = '/admin/events'
/** Whether the session still holds, without a stream: 204, or 401 once it is over. */
export const SESSION_CHECK_PATH = `${DESK_EVENTS_PATH}?check`

/** The section whose staff work each kind of request. */
const DESK_SECTION = { appointment: 'patients', registration: 'students' } as const satisfies Record<DeskKind, AdminSectionId>

/** The kinds of request a staff member with these sections is told about. */
export function deskKindsOf(sections: readonly AdminSectionId[]): DeskKind[] {
  return DESK_KINDS.filter((kind) => sections.includes(DESK_SECTION[kind]))
}

/** An announcement read back from its JSON text, or null when it is not one. */
export function parseDeskEvent(text: string): DeskEvent | null {
  const value = jsonObject(text)
  if (!value) return null
  const { kind, id, pending } = value
  if (!DESK_KINDS.includes(kind as DeskKind)) return null
  if (!Number.isSafeInteger(id) || (id as number) < 1 || !Number.isSafeInteger(pending) || (pending as number) < 0) return null
  return { kind: kind as DeskKind, id: id as number, pending: pending as number }
}

/** The pending count the tab title shows: the sum over the kinds the staff member may see. */
export function pendingTotal(counts: DeskCounts): number {
  return Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0)
}

const TITLE_COUNT = /^\(\d+\) /

/** The page title with the pending count in front, "(3) Dashboard — …"; none when nothing is pending. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(TITLE_COUNT, '')
  return count > 0 ? `(${count}) ${bare}` : bare
}
