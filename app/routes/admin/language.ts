import { redirect } from 'react-router'
import type { Route } from './+types/language'
import { readForm } from '~/lib/platform/read-form.server'
import { isLocale } from '~/lib/i18n/locale'
import { database } from '~/lib/platform/db.server'
import { assertSameOrigin } from '~/lib/platform/origin.server'
import { unlessDatabaseUnavailable } from '~/lib/platform/unavailable.server'
import { adminLocaleCookie, adminReturnPath, saveStaffLocale } from '~/lib/staff/admin-locale.server'
import { getOptionalStaff } from '~/lib/staff/auth.server'

/**
 * The admin language switch (shell, login and setup pages): keeps the choice in this browser and,
 * when someone is signed in, on their account; then back to the same admin page. Works without
 * JavaScript: it is a plain form post answered with a redirect.
 */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request)
  const read = await readForm(request)
  if (!read.ok) return redirect('/admin/dashboard', { headers: { 'Cache-Control': 'no-store' } })
  const lang = read.form.get('lang')
  const back = adminReturnPath(read.form.get('redirectTo'))
  // A forged or stale form: nothing to remember, back to where it came from.
  if (!isLocale(lang)) return redirect(back, { headers: { 'Cache-Control': 'no-store' } })
  const member = await getOptionalStaff(request)
  if (member) await unlessDatabaseUnavailable(database().then((db) => saveStaffLocale(db, member.id, lang)))
  return redirect(back, { headers: { 'Set-Cookie': adminLocaleCookie(request, lang), 'Cache-Control': 'no-store' } })
}

/** Choosing a language is a POST; a GET (a link, a prefetch) changes nothing. */
export function loader() {
  return redirect('/admin/dashboard')
}
