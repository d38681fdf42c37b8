import { data, redirect } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/reset'
import { readForm } from '~/lib/platform/read-form.server'
import { RESET_PATH } from '~/lib/mail/password-reset-email.server'
import { database } from '~/lib/platform/db.server'
import { assertSameOrigin } from '~/lib/platform/origin.server'
import { unlessDatabaseUnavailable } from '~/lib/platform/unavailable.server'
import { adminPageLocale } from '~/lib/staff/admin-messages.server'
import { formFailure, formInvalid, formSuccess, formUnreadable, parseForm } from '~/lib/staff/form-result.server'
import { completePasswordReset, readResetToken, RESET_TTL_MS } from '~/lib/staff/password-reset.server'
import { isSecureRequest, readCookie } from '~/lib/staff/sessions.server'
import { staffFormText } from '~/lib/staff/staff-forms.server'

/**
 * The link's token moves from the address into a cookie at once: the page is then shown at
 * /admin/reset without it, so it is in no history entry, no Referer and no later log line. The
 * cookie is HttpOnly, for the admin paths only (the page's own data requests go to
 * /admin/reset.data), and lasts no longer than the link.
 */
function resetCookieName(request: Request): string {
  return isSecureRequest(request) ? '__Secure-staff_reset' : 'staff_reset'
}

function resetCookie(request: Request, token: string, maxAgeSeconds: number): string {
  const secure = isSecureRequest(request)
  return `${resetCookieName(request)}=${token}; Path=/admin; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`
}

const NO_STORE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }

export async function resetLoader({ request }: Route.LoaderArgs) {
  const fromLink = new URL(request.url).searchParams.get('token')
  if (fromLink !== null) {
    const token = /^[\w-]{20,100}$/.test(fromLink) ? fromLink : ''
    throw redirect(RESET_PATH, { headers: { ...NO_STORE, 'Set-Cookie': resetCookie(request, token, token ? RESET_TTL_MS / 1000 : 0) } })
  }
  const { messages, dir, tag, locale } = adminPageLocale(request)
  const token = readCookie(request, resetCookieName(request)) ?? ''
  const account = await unlessDatabaseUnavailable(database().then((db) => readResetToken(db, token)))
  return data(
    {
      messages: { staffSecurity: messages.staffSecurity, account: messages.account, adminLanguage: messages.adminLanguage },
      dir,
      tag,
      locale,
      username: account?.username ?? null,
    },
    { status: account ? 200 : 404, headers: NO_STORE },
  )
}

const NewPasswordSchema = z
  .object({ password: z.string().catch(''), repeat: z.string().catch('') })
  .refine((value) => value.password === value.repeat, { path: ['repeat'], error: 'accountMismatch' })

/** Sets the new password with the link in the cookie; the account is signed out everywhere, the link used up. */
export async function resetAction({ request }: Route.ActionArgs) {
  assertSameOrigin(request)
  const { messages: m } = adminPageLocale(request)
  const t = m.staffSecurity
  const feedback = { variant: 'destructive' as const, title: t.resetFailedTitle }
  const read = await readForm(request, { keep: ['password', 'repeat'] })
  if (!read.ok) return formUnreadable(read.status, t.resetFailedTitle, m.problems.formUnreadable)
  const parsed = parseForm(NewPasswordSchema, read.form)
  if (!parsed.success) {
    return formInvalid(parsed.error, (code) => (code === 'accountMismatch' ? m.account.mismatch : staffFormText(m, code)), { feedback })
  }
  const token = readCookie(request, resetCookieName(request)) ?? ''
  const db = await unlessDatabaseUnavailable(database())
  const result = await completePasswordReset(db, token, parsed.data.password)
  if (result.ok) {
    return data(formSuccess({ variant: 'success', title: t.resetTitle, text: t.resetDone }), {
      headers: { ...NO_STORE, 'Set-Cookie': resetCookie(request, '', 0) },
    })
  }
  if (result.problem === 'invalidLink')
    return formFailure(404, { errors: { form: t.resetInvalid }, feedback: { ...feedback, text: t.resetInvalid } })
  return formFailure(400, { errors: { password: staffFormText(m, result.problem) }, feedback })
}
