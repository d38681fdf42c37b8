import { data, redirect } from 'react-router'
import type { Route } from './+types/setup'
import { adminPageLocale } from '~/lib/staff/admin-messages.server'
import { database } from '~/lib/platform/db.server'
import { readForm } from '~/lib/platform/read-form.server'
import { assertSameOrigin } from '~/lib/platform/origin.server'
import { unlessDatabaseUnavailable } from '~/lib/platform/unavailable.server'
import { formFailure, formInvalid, formUnreadable, parseForm, typedValues } from '~/lib/staff/form-result.server'
import { sessionCookie } from '~/lib/staff/sessions.server'
import { SetupSchema, staffFormText, staffProblemErrors } from '~/lib/staff/staff-forms.server'
import { signIn } from '~/lib/staff/staff.server'
import { createFirstAdmin, isValidSetupToken } from '~/lib/staff/first-admin.server'
import { requestInfo } from '~/lib/platform/request-context'

export async function setupLoader({ request }: Route.LoaderArgs) {
  const { messages, dir, tag, locale } = adminPageLocale(request)
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const valid = await unlessDatabaseUnavailable(database().then((db) => isValidSetupToken(db, token)))
  return data(
    {
      messages: { setup: messages.setup, problems: messages.problems, adminLanguage: messages.adminLanguage },
      dir,
      tag,
      locale,
      token: valid ? token : '',
      valid,
    },
    { status: valid ? 200 : 404 },
  )
}

/** Creates the first administrator with the one-time link, then signs them in. */
export async function setupAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request)
  const { messages } = adminPageLocale(request)
  const read = await readForm(request, { keep: ['password', 'confirm'] })
  if (!read.ok) return formUnreadable(read.status, messages.errors.title, messages.problems.formUnreadable)
  const values = typedValues(read.form, ['username', 'displayName'])
  const parsed = parseForm(SetupSchema, read.form)
  if (!parsed.success) return formInvalid(parsed.error, (code) => staffFormText(messages, code), { values })
  const { token, confirm: _, ...account } = parsed.data
  const db = await database()
  const created = await unlessDatabaseUnavailable(createFirstAdmin(db, token, account))
  if (!created.ok) return formFailure(400, { errors: staffProblemErrors(messages, created.problem), values })
  const session = await unlessDatabaseUnavailable(
    signIn(db, { username: account.username, password: account.password, address: context.get(requestInfo).clientAddress }),
  )
  if (!session.ok) return redirect('/admin/login')
  return redirect('/admin/dashboard?welcome=first', { headers: { 'Set-Cookie': sessionCookie(request, session.token) } })
}
