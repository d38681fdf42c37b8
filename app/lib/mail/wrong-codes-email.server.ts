/**
 * The e-mail that warns a staff member about many wrong two-step codes typed for their account
 * (app/lib/staff/two-step/sign-in-code.server.ts): whoever typed them knew the password. Sent
 * straight away through SMTP_URL, like the reset link: a warning that arrives late is of little
 * use. A failed send is logged with its error code only, never the address; the audit log keeps
 * the alert either way.
 */
import type { Locale } from '../i18n/locale'
import { isLocale } from '../i18n/locale'
import { format, messagesFor } from '~/locales'
import type { MailSettings } from './password-reset-email.server'
import { describeSendError, senderAddress, smtpTransport } from './staff-mail.server'

export function renderWrongCodesEmail(username: string, locale: Locale): { subject: string; text: string } {
  const t = messagesFor(locale).admin.twoStep.alertMail
  return { subject: t.subject, text: [format(t.intro, { username }), '', t.advice].join('\n') }
}

/** Sends the warning; never throws (a failure is logged by its code). */
export async function sendWrongCodesEmail(
  settings: MailSettings,
  mail: { to: string; username: string; locale: string | null },
): Promise<boolean> {
  const locale: Locale = isLocale(mail.locale) ? mail.locale : 'en'
  const { subject, text } = renderWrongCodesEmail(mail.username, locale)
  const transport = settings.transport ?? smtpTransport(settings.smtpUrl, { allowPlainLocal: settings.allowPlainLocal })
  try {
    await transport.sendMail({ from: senderAddress(settings.smtpUrl, settings.publicUrl), to: [mail.to], subject, text })
    return true
  } catch (error) {
    console.warn(`Wrong-codes warning e-mail not sent: ${describeSendError(error)}`)
    return false
  } finally {
    if (!settings.transport) transport.close()
  }
}
