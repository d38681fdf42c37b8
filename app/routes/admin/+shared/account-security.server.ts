/**
 * The account page's other forms: the member's e-mail address (for reset links) and their
 * signed-in sessions (one signed out, or all but this one). Each answer names its intent, so the
 * page shows it beside the form it came from.
 */
import type { StaffMember } from '~/lib/staff/auth.server'
import { formFailure, formSuccess, parseForm } from '~/lib/staff/form-result.server'
import { signOutOtherSessions, signOutOwnSession } from '~/lib/staff/session-control.server'
import { listSessions, sessionToken } from '~/lib/staff/sessions.server'
import { setStaffEmail, staffEmail, StaffEmailSchema } from '~/lib/staff/staff-email.server'
import { describeUserAgent } from '~/lib/staff/user-agent'
import type { Database } from '~/lib/platform/db.server'
import { format, type Messages } from '~/locales'

const ACCOUNT_INTENTS = ['email', 'session-end', 'sessions-end-others'] as const
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number]

export function isAccountIntent(value: string): value is AccountIntent {
  return (ACCOUNT_INTENTS as readonly string[]).includes(value)
}

/** What the page shows: the address, and each session's device in words (read from its User-Agent here, on the server). */
export async function accountSecurityData(db: Database, member: StaffMember, request: Request) {
  const sessions = await listSessions(db, member.id, sessionToken(request) ?? '')
  return {
    email: await staffEmail(db, member.id),
    sessions: sessions.map(({ userAgent, ...session }) => ({ ...session, ...describeUserAgent(userAgent) })),
  }
}

/** The answer to one of the intents above. */
export async function accountSecurityAction(
  db: Database,
  intent: AccountIntent,
  form: FormData,
  member: StaffMember,
  request: Request,
  m: Messages['admin'],
) {
  const t = m.staffSecurity
  const which = { intent }
  const feedback = { variant: 'destructive' as const, title: t.failedTitle }
  switch (intent) {
    case 'email': {
      const values = { email: String(form.get('email') ?? '').slice(0, 254) }
      const parsed = parseForm(StaffEmailSchema, form)
      if (!parsed.success)
        return formFailure(400, { errors: { email: t.emailInvalid }, values, feedback: { ...feedback, text: t.emailInvalid } }, which)
      const result = await setStaffEmail(db, member, member.id, parsed.data.email)
      if (!result.ok) {
        const text = result.problem === 'emailTaken' ? t.emailTaken : m.problems.notFound
        return formFailure(409, { errors: { email: text }, values, feedback: { ...feedback, text } }, which)
      }
      return formSuccess({ variant: 'success', title: t.emailSaved }, which)
    }
    case 'session-end': {
      const ended = await signOutOwnSession(db, member, String(form.get('session') ?? '').slice(0, 40))
      if (!ended) return formFailure(404, { errors: { session: t.sessionGone }, feedback: { ...feedback, text: t.sessionGone } }, which)
      return formSuccess({ variant: 'success', title: t.sessionEnded }, which)
    }
    case 'sessions-end-others': {
      const ended = await signOutOtherSessions(db, member, sessionToken(request) ?? '')
      return formSuccess({ variant: 'success', title: t.sessionEnded, text: format(t.othersEnded, { count: ended }) }, which)
    }
  }
}
