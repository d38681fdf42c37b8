import { data, Form, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/setup'
import { adminPageLocale } from '~/lib/staff/admin-messages.server'
import { adminCard, adminInput, adminLabel } from '~/components/admin/ui'
import { adminButton } from '~/components/ui/button'
import { database } from '~/lib/platform/db.server'
import { readForm } from '~/lib/forms/read-form.server'
import { assertSameOrigin } from '~/lib/platform/origin.server'
import { sessionCookie } from '~/lib/staff/sessions.server'
import { createFirstAdmin, isValidSetupToken, signIn } from '~/lib/staff/staff.server'
import { unlessDatabaseUnavailable } from '~/lib/platform/unavailable.server'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.messages.setup.title ?? 'Setup' },
  { name: 'robots', content: 'noindex, nofollow' },
  // The one-time token is in this page's address: never send it to another site.
  { name: 'referrer', content: 'no-referrer' },
]

export function headers() {
  return { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }
}

export async function loader({ request }: Route.LoaderArgs) {
  const { messages, dir, tag } = adminPageLocale(request)
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const valid = await unlessDatabaseUnavailable(database().then((db) => isValidSetupToken(db, token)))
  return data(
    { messages: { setup: messages.setup, problems: messages.problems }, dir, tag, token: valid ? token : '', valid },
    { status: valid ? 200 : 404 },
  )
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request)
  const { messages } = adminPageLocale(request)
  const read = await readForm(request, { keep: ['password', 'confirm'] })
  if (!read.ok) {
    return data(
      { values: { username: '', displayName: '' }, errors: { form: messages.problems.formUnreadable } as Record<string, string> },
      { status: read.status },
    )
  }
  const { form } = read
  const token = String(form.get('token') ?? '')
  const username = String(form.get('username') ?? '').slice(0, 200)
  const displayName = String(form.get('displayName') ?? '').slice(0, 200)
  const password = String(form.get('password') ?? '')
  const values = { username, displayName }
  if (password !== String(form.get('confirm') ?? '')) {
    return data({ values, errors: { confirm: messages.setup.mismatch } as Record<string, string> }, { status: 400 })
  }
  const db = await database()
  const created = await unlessDatabaseUnavailable(createFirstAdmin(db, token, { username, displayName, password }))
  if (!created.ok) {
    const field =
      created.problem === 'usernameInvalid' || created.problem === 'usernameTaken'
        ? 'username'
        : created.problem === 'displayNameMissing'
          ? 'displayName'
          : created.problem === 'tokenInvalid'
            ? 'form'
            : 'password'
    return data({ values, errors: { [field]: messages.problems[created.problem] } as Record<string, string> }, { status: 400 })
  }
  const session = await unlessDatabaseUnavailable(signIn(db, { username, password, address: context.clientAddress }))
  if (!session.ok) return redirect('/admin/login')
  return redirect('/admin/dashboard?welcome=1', { headers: { 'Set-Cookie': sessionCookie(request, session.token) } })
}

export default function AdminSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, dir, tag, valid, token } = loaderData
  const submitting = useNavigation().state === 'submitting'
  const errors = actionData?.errors ?? {}
  const field = (name: 'displayName' | 'username' | 'password' | 'confirm', label: string, hint?: string, type = 'text') => (
    <div>
      <label htmlFor={name} className={adminLabel}>
        {label}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <input
        id={name}
        name={name}
        type={type}
        required
        autoComplete={type === 'password' ? 'new-password' : name === 'username' ? 'username' : 'name'}
        defaultValue={type === 'password' ? undefined : actionData?.values[name as 'username' | 'displayName']}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={[hint ? `${name}-hint` : '', errors[name] ? `${name}-error` : ''].filter(Boolean).join(' ') || undefined}
        className={`${adminInput} mt-1`}
      />
      {errors[name] ? (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-800">
          {errors[name]}
        </p>
      ) : null}
    </div>
  )
  return (
    <div dir={dir} lang={tag} className="flex min-h-screen items-center justify-center bg-slate-100 p-4 text-slate-900">
      <main className={`${adminCard} w-full max-w-md`}>
        <h1 className="text-2xl font-bold">{messages.setup.title}</h1>
        {!valid ? (
          <p role="alert" className="mt-4 text-sm text-red-900">
            {messages.setup.invalid}
          </p>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-700">{messages.setup.intro}</p>
            {errors.form ? (
              <p role="alert" className="mt-4 text-sm text-red-900">
                {errors.form}
              </p>
            ) : null}
            <Form method="post" className="mt-6 space-y-4">
              <input type="hidden" name="token" value={token} />
              {field('displayName', messages.setup.displayName)}
              {field('username', messages.setup.username, messages.setup.usernameHint)}
              {field('password', messages.setup.password, messages.setup.passwordHint, 'password')}
              {field('confirm', messages.setup.confirm, undefined, 'password')}
              <button type="submit" disabled={submitting} className={`${adminButton} w-full`}>
                {messages.setup.submit}
              </button>
            </Form>
          </>
        )}
      </main>
    </div>
  )
}
