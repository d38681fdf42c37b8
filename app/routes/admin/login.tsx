import { useEffect, useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/login'
import { adminPageLocale } from '~/lib/staff/admin-messages.server'
import { adminCard, adminInput, adminLabel } from '~/components/admin/ui'
import { adminButton } from '~/components/ui/button'
import { useToast } from '~/components/ui/toast'
import { getOptionalStaff } from '~/lib/staff/auth.server'
import { database } from '~/lib/platform/db.server'
import { unlessDatabaseUnavailable } from '~/lib/platform/unavailable.server'
import { readForm } from '~/lib/forms/read-form.server'
import { assertSameOrigin } from '~/lib/platform/origin.server'
import { sessionCookie } from '~/lib/staff/sessions.server'
import { countStaff, signIn } from '~/lib/staff/staff.server'
import { format } from '~/locales'
import type { Messages } from '~/locales'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.messages.login.title ?? 'Admin Login' },
  { name: 'robots', content: 'noindex, nofollow' },
]

export function headers() {
  return { 'Cache-Control': 'no-store' }
}

/** Only a path inside the admin panel: never another site. */
function safeRedirect(value: FormDataEntryValue | string | null): string {
  const target = typeof value === 'string' ? value : ''
  if (/^\/admin\/[\w\-/]*$/.test(target) && !target.startsWith('/admin/login') && !target.startsWith('/admin/logout')) {
    return target
  }
  return '/admin/dashboard'
}

export async function loader({ request }: Route.LoaderArgs) {
  const { messages, dir, tag } = adminPageLocale(request)
  if (await getOptionalStaff(request)) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo')))
  }
  const redirectTo = new URL(request.url).searchParams.get('redirectTo')
  return {
    // Only the strings this page shows.
    messages: { login: messages.login },
    dir,
    tag,
    redirectTo: redirectTo ? safeRedirect(redirectTo) : '',
    noAccounts: (await unlessDatabaseUnavailable(database().then(countStaff))) === 0,
  }
}

function waitText(retryAt: Date, now: Date, messages: Messages['admin']['login']): string {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000))
  return seconds < 120 ? format(messages.seconds, { count: seconds }) : format(messages.minutes, { count: Math.ceil(seconds / 60) })
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request)
  const { messages } = adminPageLocale(request)
  const read = await readForm(request, { keep: ['password'] })
  if (!read.ok) return data({ error: messages.problems.formUnreadable, wait: null, username: '' }, { status: read.status })
  const { form } = read
  const username = String(form.get('username') ?? '').slice(0, 200)
  const password = String(form.get('password') ?? '')
  const now = new Date()
  const result = await unlessDatabaseUnavailable(
    database().then((db) => signIn(db, { username, password, address: context.clientAddress }, { now })),
  )
  if (result.ok) {
    const target = safeRedirect(form.get('redirectTo'))
    return redirect(`${target}?welcome=1`, {
      headers: { 'Set-Cookie': sessionCookie(request, result.token), 'Cache-Control': 'no-store' },
    })
  }
  const wait = result.retryAt ? format(messages.login.throttled, { wait: waitText(result.retryAt, now, messages.login) }) : null
  return data(
    { error: result.reason === 'throttled' ? null : messages.login.failed, wait, username },
    { status: result.reason === 'throttled' ? 429 : 401 },
  )
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, dir, tag, noAccounts, redirectTo } = loaderData
  const navigation = useNavigation()
  const submitting = navigation.state === 'submitting'
  const toast = useToast()
  const [forgotOpen, setForgotOpen] = useState(false)

  useEffect(() => {
    if (actionData?.error) toast({ title: messages.login.failedTitle, description: messages.login.failed, variant: 'destructive' })
  }, [actionData, messages, toast])

  return (
    <div dir={dir} lang={tag} className="flex min-h-screen items-center justify-center bg-slate-100 p-4 text-slate-900">
      <main className={`${adminCard} w-full max-w-md`}>
        <h1 className="text-2xl font-bold">{messages.login.title}</h1>
        <p className="mt-2 text-sm text-slate-700">{messages.login.intro}</p>
        {noAccounts ? (
          <p role="status" className="mt-4 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
            {messages.login.noAccounts}
          </p>
        ) : null}
        {actionData?.error || actionData?.wait ? (
          <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            {actionData.error ? (
              <p>
                <strong>{messages.login.failedTitle}</strong>: {actionData.error}
              </p>
            ) : null}
            {actionData.wait ? <p className={actionData.error ? 'mt-1' : ''}>{actionData.wait}</p> : null}
          </div>
        ) : null}
        <Form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <div>
            <label htmlFor="username" className={adminLabel}>
              {messages.login.username}
            </label>
            <input
              id="username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              defaultValue={actionData?.username ?? ''}
              className={`${adminInput} mt-1`}
            />
          </div>
          <div>
            <label htmlFor="password" className={adminLabel}>
              {messages.login.password}
            </label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className={`${adminInput} mt-1`}
            />
          </div>
          <button type="submit" disabled={submitting} className={`${adminButton} w-full`}>
            {submitting ? messages.login.submitting : messages.login.submit}
          </button>
        </Form>
        <div className="mt-4">
          <button
            type="button"
            aria-expanded={forgotOpen}
            aria-controls="forgot-help"
            onClick={() => setForgotOpen((open) => !open)}
            className="text-sm font-medium text-slate-800 underline hover:text-slate-950"
          >
            {messages.login.forgot}
          </button>
          {/* Without JavaScript the explanation is simply shown. */}
          <noscript>
            <p className="mt-2 text-sm text-slate-700">{messages.login.forgotText}</p>
          </noscript>
          {forgotOpen ? (
            <p id="forgot-help" role="status" className="mt-2 text-sm text-slate-700">
              <strong>{messages.login.forgotTitle}</strong>: {messages.login.forgotText}
            </p>
          ) : null}
        </div>
        <p className="mt-6 text-sm">
          <Link to="/" className="text-slate-700 underline">
            {messages.login.backToSite}
          </Link>
        </p>
      </main>
    </div>
  )
}
