import { data, redirect } from 'react-router'
import type { Route } from './+types/login'
import { adminPageLocale } from '~/lib/staff/admin-messages.server'
import { adminLocaleCookie, savedLocale } from '~/lib/staff/admin-locale.server'
import { getOptionalStaff } from '~/lib/staff/auth.server'
import { database } from '~/lib/platform/db.server'
import { unlessDatabaseUnavailable } from '~/lib/platform/unavailable.server'
import { readForm } from '~/lib/platform/read-form.server'
import { assertSameOrigin } from '~/lib/platform/origin.server'
import { FORM_ERROR } from '~/lib/staff/form-result'
import { formFailure, parseForm } from '~/lib/staff/form-result.server'
import { sessionCookie } from '~/lib/staff/sessions.server'
import { LoginSchema } from '~/lib/staff/staff-forms.server'
import { countStaff, signIn } from '~/lib/staff/staff.server'
import { format, type Messages } from '~/locales'
import { requestInfo } from '~/lib/platform/request-context'
import { mailConfigured } from '~/lib/mail/configured.server'

/** Only a path inside the admin panel: never another site. */
export function safeRedirect(value: string | null): string {
  const target = value ?? ''
  if (/^\/admin\/[\w\-/]*$/.test(target) && !target.startsWith('/admin/login') && !target.startsWith('/admin/logout')) {
    return target
  }
  return '/admin/dashboard'
}

export async function loginLoader({ request }: Route.LoaderArgs) {
  const { messages, dir, tag, locale } = adminPageLocale(request)
  const redirectTo = new URL(request.url).searchParams.get('redirectTo')
  if (await getOptionalStaff(request)) throw redirect(safeRedirect(redirectTo))
  return {
    // Only the strings this page shows.
    messages: { login: messages.login, adminLanguage: messages.adminLanguage },
    dir,
    tag,
    locale,
    redirectTo: redirectTo ? safeRedirect(redirectTo) : '',
    // With a mail server, "Forgot password?" leads to a reset link by e-mail; otherwise it explains whom to ask.
    resetByEmail: mailConfigured(),
    noAccounts: (await unlessDatabaseUnavailable(database().then(countStaff))) === 0,
  }
}

export function waitText(retryAt: Date, now: Date, messages: Messages['admin']['login']): string {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000))
  return seconds < 120 ? format(messages.seconds, { count: seconds }) : format(messages.minutes, { count: Math.ceil(seconds / 60) })
}

/** Signs in, or answers why not without saying which part was wrong; `wait` is the throttle's notice. */
export async function loginAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request)
  const { messages } = adminPageLocale(request)
  const m = messages.login
  const refused = (status: number, error: string | null, username: string, wait: string | null) =>
    formFailure(
      status,
      {
        errors: error ? { [FORM_ERROR]: error } : {},
        values: { username },
        feedback: error ? { variant: 'destructive', title: m.failedTitle, text: error } : null,
      },
      { wait },
    )
  const read = await readForm(request, { keep: ['password'] })
  if (!read.ok) return refused(read.status, messages.problems.formUnreadable, '', null)
  // The schema refuses nothing: every value is tried, so that each failure counts against the throttle.
  const { username, password, redirectTo } = parseForm(LoginSchema, read.form).data!
  const now = new Date()
  const result = await unlessDatabaseUnavailable(
    database().then((db) =>
      signIn(
        db,
        { username, password, address: context.get(requestInfo).clientAddress, userAgent: request.headers.get('user-agent') },
        { now },
      ),
    ),
  )
  if (result.ok) {
    const headers = new Headers({ 'Cache-Control': 'no-store' })
    headers.append('Set-Cookie', sessionCookie(request, result.token))
    // The account's language follows the staff member to this browser.
    const locale = savedLocale(result.locale)
    if (locale) headers.append('Set-Cookie', adminLocaleCookie(request, locale))
    if (result.twoStep) {
      const back = safeRedirect(redirectTo)
      return redirect(`/admin/login/code${back === '/admin/dashboard' ? '' : `?redirectTo=${encodeURIComponent(back)}`}`, { headers })
    }
    // The notice welcomes a first sign-in, and welcomes back every later one.
    return redirect(`${safeRedirect(redirectTo)}?welcome=${result.firstSignIn ? 'first' : '1'}`, { headers })
  }
  if (result.reason === 'busy') {
    // Refused before any check, at once: 429 for the address's burst, 503 when the server is full.
    const answer = refused(result.scope === 'address' ? 429 : 503, null, username, m.busy)
    const retryAfter = String(Math.ceil((result.retryAt.getTime() - now.getTime()) / 1000))
    return data(answer.data, { status: answer.init?.status, headers: { 'Retry-After': retryAfter } })
  }
  const wait = result.retryAt ? format(m.throttled, { wait: waitText(result.retryAt, now, m) }) : null
  if (result.reason === 'throttled') return refused(429, null, username, wait)
  return refused(401, m.failed, username, wait)
}
