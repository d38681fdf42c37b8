import { redirect } from 'react-router'
import { requestInfo } from '~/lib/platform/request-context'
import type { Route } from './+types/sign-in-code'
import { readForm } from '~/lib/platform/read-form.server'
import { database } from '~/lib/platform/db.server'
import { assertSameOrigin } from '~/lib/platform/origin.server'
import { unlessDatabaseUnavailable } from '~/lib/platform/unavailable.server'
import { adminPageLocale } from '~/lib/staff/admin-messages.server'
import { FORM_ERROR } from '~/lib/staff/form-result'
import { formFailure } from '~/lib/staff/form-result.server'
import { readPendingSession, sessionToken } from '~/lib/staff/sessions.server'
import { staffSecretKey } from '~/lib/staff/two-step/key.server'
import { verifySignInCode } from '~/lib/staff/two-step/sign-in-code.server'
import { mailConfigured } from '~/lib/mail/configured.server'
import { sendWrongCodesEmail } from '~/lib/mail/wrong-codes-email.server'
import { env } from '~/lib/platform/env.server'
import { format } from '~/locales'
import { safeRedirect } from './login.server'

function redirectTarget(request: Request): string {
  return safeRedirect(new URL(request.url).searchParams.get('redirectTo'))
}

/** The second step of signing in: only for a session whose password was right and whose code is to come. */
export async function signInCodeLoader({ request }: Route.LoaderArgs) {
  const { messages, dir, tag, locale } = adminPageLocale(request)
  const pending = await unlessDatabaseUnavailable(database().then((db) => readPendingSession(db, sessionToken(request) ?? '')))
  if (!pending) throw redirect('/admin/login', { headers: { 'Cache-Control': 'no-store' } })
  return { messages: { twoStep: messages.twoStep, adminLanguage: messages.adminLanguage }, dir, tag, locale }
}

/**
 * Checks the code (app/lib/staff/two-step/sign-in-code.server.ts): wrong ones count on the
 * sign-in throttle and on the account's second-step counter; many wrong ones warn the account's
 * owner by e-mail. A right one completes the session.
 */
export async function signInCodeAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request)
  const { messages } = adminPageLocale(request)
  const t = messages.twoStep
  const refused = (status: number, text: string) =>
    formFailure(status, { errors: { [FORM_ERROR]: text }, feedback: { variant: 'destructive', title: t.failedTitle, text } })
  const read = await readForm(request)
  if (!read.ok) return refused(read.status, messages.problems.formUnreadable)
  const db = await unlessDatabaseUnavailable(database())
  const now = new Date()
  const result = await verifySignInCode(
    db,
    { token: sessionToken(request) ?? '', code: String(read.form.get('code') ?? ''), address: context.get(requestInfo).clientAddress },
    { key: staffSecretKey(), now },
  )
  if (result.ok) return redirect(`${redirectTarget(request)}?welcome=1`, { headers: { 'Cache-Control': 'no-store' } })
  if (result.reason === 'expired') return refused(401, t.expired)
  if (result.reason === 'throttled') {
    const seconds = Math.max(1, Math.ceil((result.retryAt.getTime() - now.getTime()) / 1000))
    const wait =
      seconds < 120
        ? format(messages.login.seconds, { count: seconds })
        : format(messages.login.minutes, { count: Math.ceil(seconds / 60) })
    return refused(429, format(messages.login.throttled, { wait }))
  }
  if (result.alert?.email && mailConfigured()) {
    const config = env()
    void sendWrongCodesEmail(
      { smtpUrl: config.SMTP_URL!, allowPlainLocal: config.SMTP_ALLOW_PLAIN_LOCAL, publicUrl: config.PUBLIC_URL },
      { to: result.alert.email, username: result.alert.username, locale: result.alert.locale },
    )
  }
  return refused(401, result.reason === 'reused' ? t.reused : t.wrong)
}
