import { redirect } from 'react-router'
import { requestInfo } from '~/lib/platform/request-context'
import type { Route } from './+types/login-code'
import { readForm } from '~/lib/forms/read-form.server'
import { database } from '~/lib/platform/db.server'
import { assertSameOrigin } from '~/lib/platform/origin.server'
import { unlessDatabaseUnavailable } from '~/lib/platform/unavailable.server'
import { adminPageLocale } from '~/lib/staff/admin-messages.server'
import { auditTarget, recordAudit } from '~/lib/staff/audit.server'
import { FORM_ERROR } from '~/lib/staff/form-result'
import { formFailure } from '~/lib/staff/form-result.server'
import { completeSecondFactor, readPendingSession, sessionToken } from '~/lib/staff/sessions.server'
import { reserveLoginAttempt, settleLoginSuccess } from '~/lib/staff/throttle.server'
import { staffSecretKey } from '~/lib/staff/two-factor/key.server'
import { checkSecondFactor } from '~/lib/staff/two-factor/two-factor.server'
import { format } from '~/locales'
import { safeRedirect } from './login.server'

function redirectTarget(request: Request): string {
  return safeRedirect(new URL(request.url).searchParams.get('redirectTo'))
}

/** The second step of signing in: only for a session whose password was right and whose code is to come. */
export async function loginCodeLoader({ request }: Route.LoaderArgs) {
  const { messages, dir, tag, locale } = adminPageLocale(request)
  const pending = await unlessDatabaseUnavailable(database().then((db) => readPendingSession(db, sessionToken(request) ?? '')))
  if (!pending) throw redirect('/admin/login', { headers: { 'Cache-Control': 'no-store' } })
  return { messages: { twoStep: messages.twoStep, adminLanguage: messages.adminLanguage }, dir, tag, locale }
}

/**
 * Checks the code. A wrong one counts as a failed sign-in for the account from this address (the
 * same throttle as passwords); a right one completes the session.
 */
export async function loginCodeAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request)
  const { messages } = adminPageLocale(request)
  const t = messages.twoStep
  const refused = (status: number, text: string) =>
    formFailure(status, { errors: { [FORM_ERROR]: text }, feedback: { variant: 'destructive', title: t.failedTitle, text } })
  const read = await readForm(request)
  if (!read.ok) return refused(read.status, messages.problems.formUnreadable)
  const token = sessionToken(request) ?? ''
  const db = await unlessDatabaseUnavailable(database())
  const now = new Date()
  const pending = await readPendingSession(db, token, now)
  if (!pending) return refused(401, t.expired)
  const keys = { username: pending.username, address: context.get(requestInfo).clientAddress }
  const reservation = await reserveLoginAttempt(db, keys, now)
  if (!reservation.ok) {
    const seconds = Math.max(1, Math.ceil((reservation.retryAt.getTime() - now.getTime()) / 1000))
    const wait =
      seconds < 120
        ? format(messages.login.seconds, { count: seconds })
        : format(messages.login.minutes, { count: Math.ceil(seconds / 60) })
    return refused(429, format(messages.login.throttled, { wait }))
  }
  const code = String(read.form.get('code') ?? '').slice(0, 40)
  const checked = await checkSecondFactor(db, pending.id, code, staffSecretKey(), now)
  if (!checked.ok) return refused(401, checked.reason === 'reused' ? t.reused : t.wrong)
  await settleLoginSuccess(db, keys, reservation)
  const completed = await db.transaction(async (tx) => {
    if (!(await completeSecondFactor(tx, token, now))) return false
    await recordAudit(tx, pending, 'sign-in', auditTarget.staff(pending.id), { recoveryCode: checked.usedRecoveryCode })
    return true
  })
  if (!completed) return refused(401, t.expired)
  return redirect(`${redirectTarget(request)}?welcome=1`, { headers: { 'Cache-Control': 'no-store' } })
}
