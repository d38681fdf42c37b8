import { env } from '../platform/env.server'

/** Whether staff e-mails (alerts, reset links) can go out at all: a mail server is set up (SMTP_URL). */
export function mailConfigured(): boolean {
  try {
    return Boolean(env().SMTP_URL)
  } catch {
    return false
  }
}
