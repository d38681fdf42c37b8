/**
 * The e-mail with a staff member's password-reset link. Sent straight away through SMTP_URL, not
 * through the outbox: the outbox would keep the link (a key to the account) in the database, and a
 * link that arrives late is of no use anyway. A failed send is logged with its error code only,
 * never the address or the link; the person asks again.
 */
import type { Locale } from '../i18n/locale'
import { isLocale } from '../i18n/locale'
import { format, messagesFor } from '~/locales'
import { describeSendError, senderAddress, smtpTransport, type MailTransport } from './staff-mail.server'

export const RESET_PATH = '/admin/reset'

export function renderPasswordResetEmail(username: string, link: string, locale: Locale): { subject: string; text: string } {
  const t = messagesFor(locale).admin.staffSecurity.mail
  return { subject: t.subject, text: [format(t.intro, { username }), '', format(t.link, { link }), '', t.ignore].join('\n') }
}

export interface ResetEmail {
  to: string
  username: string
  token: string
  /** The account's admin language, or null for English. */
  locale: string | null
}

export interface MailSettings {
  smtpUrl: string
  allowPlainLocal: boolean
  publicUrl: string
  /** Tests pass their own. */
  transport?: MailTransport
}

/** Sends the link; never throws (a failure is logged by its code). */
export async function sendPasswordResetEmail(settings: MailSettings, mail: ResetEmail): Promise<boolean> {
  const locale: Locale = isLocale(mail.locale) ? mail.locale : 'en'
  const link = `${settings.publicUrl}${RESET_PATH}?token=${encodeURIComponent(mail.token)}`
  const { subject, text } = renderPasswordResetEmail(mail.username, link, locale)
  const transport = settings.transport ?? smtpTransport(settings.smtpUrl, { allowPlainLocal: settings.allowPlainLocal })
  try {
    await transport.sendMail({ from: senderAddress(settings.smtpUrl, settings.publicUrl), to: [mail.to], subject, text })
    return true
  } catch (error) {
    console.warn(`Password-reset e-mail not sent: ${describeSendError(error)}`)
    return false
  } finally {
    if (!settings.transport) transport.close()
  }
}
