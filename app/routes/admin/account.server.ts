import { z } from 'zod'
import type { Route } from './+types/account'
import { readForm } from '~/lib/platform/read-form.server'
import { database } from '~/lib/platform/db.server'
import { changeOwnPassword } from '~/lib/staff/account.server'
import { STAFF_ROLES } from '~/lib/staff/auth.server'
import { requireRole } from '~/lib/staff/staff-context.server'
import { formFailure, formInvalid, formSuccess, formUnreadable, parseForm } from '~/lib/staff/form-result.server'
import { sessionToken } from '~/lib/staff/sessions.server'
import { staffFormText } from '~/lib/staff/staff-forms.server'
import { format, type Messages } from '~/locales'
import { requestInfo } from '~/lib/platform/request-context'
import { alertKindsFor } from '~/lib/access/sections'
import { mailConfigured } from '~/lib/mail/configured.server'
import { alertChoiceOf, defaultAlertChoice } from '~/lib/staff/alert-preferences.server'
import { saveAlertsFromForm } from './+shared/alert-choice.server'
import { accountSecurityAction, accountSecurityData, isAccountIntent } from './+shared/account-security.server'

/** The three fields; the password rules are checked with the account (they know its username). */
const OwnPasswordSchema = z
  .object({
    current: z.string().catch(''),
    password: z.string().catch(''),
    repeat: z.string().catch(''),
  })
  .refine((value) => value.password === value.repeat, { path: ['repeat'], error: 'accountMismatch' })

export async function accountLoader({ request, context }: Route.LoaderArgs) {
  const staff = requireRole(context, STAFF_ROLES)
  const member = staff.account
  const db = await database()
  const choice = (await alertChoiceOf(db, member.id)) ?? defaultAlertChoice(staff.locale)
  return {
    ...(await accountSecurityData(db, member, request)),
    mailConfigured: mailConfigured(),
    alerts: { choice, kinds: alertKindsFor(member.role), mailConfigured: mailConfigured() },
  }
}

function waitText(retryAt: Date, now: Date, m: Messages['admin']['login']): string {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000))
  return seconds < 120 ? format(m.seconds, { count: seconds }) : format(m.minutes, { count: Math.ceil(seconds / 60) })
}

/** Changes the signed-in member's password (no answer ever carries a password back), or their e-mail alerts (`intent=alerts`). */
export async function accountAction({ request, context }: Route.ActionArgs) {
  const staff = requireRole(context, STAFF_ROLES)
  const member = staff.account
  const m = staff.messages.admin
  const t = m.account
  const failedTitle = t.failedTitle
  const read = await readForm(request, { keep: ['current', 'password', 'repeat'] })
  if (!read.ok) return formUnreadable(read.status, failedTitle, m.problems.formUnreadable)
  // The e-mail address, the sessions and the alerts have forms of their own, each with its intent.
  const intent = String(read.form.get('intent') ?? '')
  if (intent === 'alerts') return saveAlertsFromForm(read.form, member, member, m)
  if (isAccountIntent(intent)) return accountSecurityAction(await database(), intent, read.form, member, request, m)
  const parsed = parseForm(OwnPasswordSchema, read.form)
  const feedback = { variant: 'destructive' as const, title: failedTitle }
  if (!parsed.success) {
    return formInvalid(parsed.error, (code) => (code === 'accountMismatch' ? t.mismatch : staffFormText(m, code)), { feedback })
  }
  const now = new Date()
  const result = await changeOwnPassword(
    await database(),
    {
      member,
      sessionToken: sessionToken(request) ?? '',
      current: parsed.data.current,
      next: parsed.data.password,
      address: context.get(requestInfo).clientAddress,
    },
    { now },
  )
  if (result.ok) return formSuccess({ variant: 'success', title: t.done, text: t.doneText })
  switch (result.problem) {
    case 'wrongCurrent':
    case 'throttled': {
      const wait = result.retryAt ? format(t.throttled, { wait: waitText(result.retryAt, now, m.login) }) : null
      const error = result.problem === 'throttled' ? wait! : [t.wrongCurrent, wait].filter(Boolean).join(' ')
      return formFailure(result.problem === 'throttled' ? 429 : 400, { errors: { current: error }, feedback: { ...feedback, text: error } })
    }
    case 'same':
      return formFailure(400, { errors: { password: t.same }, feedback })
    case 'notFound':
      return formFailure(404, { errors: { form: m.problems.notFound }, feedback })
    default:
      return formFailure(400, { errors: { password: staffFormText(m, result.problem) }, feedback })
  }
}
