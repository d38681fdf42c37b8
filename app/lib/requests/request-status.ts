/** The statuses staff can give a request; a new request is 'pending'. */
export const APPOINTMENT_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'no-show'] as const
export const REGISTRATION_STATUSES = ['pending', 'contacted', 'enrolled', 'declined'] as const

export type RequestKind = 'appointments' | 'registrations'

export function statusesOf(kind: RequestKind): readonly string[] {
  return kind === 'appointments' ? APPOINTMENT_STATUSES : REGISTRATION_STATUSES
}
