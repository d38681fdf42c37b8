import { redirect } from 'react-router'
import type { Route } from './+types/forgot'
import { readForm } from '~/lib/platform/read-form.server'
import { mailConfigured } from '~/lib/mail/configured.server'
import { sendPasswordResetEmail } from '~/lib/mail/password-reset-email.server'
import { database } from '~/lib/platform/db.server'
import { env } from '~/lib/platform/env.server'
import { assertSameOrigin } from '~/lib/platform/origin.server'
import { requestInfo } from '~/lib/platform/request-context'
import { unlessDatabaseUnavailable } from '~/lib/platform/unavailable.server'
import { adminPageLocale } from '~/lib/staff/admin-messages.server'
import { formSuccess, formUnreadable } from '~/lib/staff/form-result.server'
import { requestPasswordReset } from '~/lib/staff/password-reset.server'

export async function forgotLoader({ request }: Route.LoaderArgs) {
  // Without a mail server the login page explains what to do instead, as it always did.
  if (!mailConfigured()) throw redirect('/admin/login', { headers: { 'Cache-Control': 'no-store' } })
  const { messages, dir, tag, locale } = adminPageLocale(request)
  return {
    messages: { staffSecurity: messages.staffSecurity, login: messages.login, adminLanguage: messages.adminLanguage },
    dir,
    tag,
    locale,
  }
}

/**
 * Asks for a reset link. The answer is the same whether the account exists, has an address, or a
 * limit was reached; the e-mail goes out after the answer, so its time tells nothing either.
 */
export async function forgotAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request)
  const { messages } = adminPageLocale(request)
  const t = messages.staffSecurity
  if (!mailConfigured()) throw redirect('/admin/login')
  const read = await readForm(request)
  if (!read.ok) return formUnreadable(read.status, t.failedTitle, messages.problems.formUnreadable)
  const identifier = String(read.form.get('identifier') ?? '')
  const db = await unlessDatabaseUnavailable(database())
  const mail = await requestPasswordReset(db, { identifier, address: context.get(requestInfo).clientAddress })
  if (mail) {
    const config = env()
    void sendPasswordResetEmail(
      { smtpUrl: config.SMTP_URL!, allowPlainLocal: config.SMTP_ALLOW_PLAIN_LOCAL, publicUrl: config.PUBLIC_URL },
      { to: mail.email, username: mail.username, token: mail.token, locale: mail.locale },
    )
  }
  return formSuccess({ variant: 'success', title: t.forgotHeading, text: t.forgotSent }, { sent: true })
}
